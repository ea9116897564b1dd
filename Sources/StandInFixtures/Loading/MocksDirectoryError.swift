import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a mocks directory cannot be loaded at all: it is missing, not a directory, or not readable.
public struct MocksDirectoryError: Error, Sendable, CustomStringConvertible {
    /// The directory as it was given.
    public let path: String
    /// What is wrong with it: `it does not exist`, `permission denied`.
    public let reason: String

    public var description: String { "cannot read the mocks directory \(path): \(reason)" }

    /// Throws unless `resolved` (the directory `path` names, links resolved) is a directory this process can list.
    static func check(_ resolved: String, named path: String) throws(MocksDirectoryError) {
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            throw MocksDirectoryError(path: path, reason: errno == ENOENT ? "it does not exist" : systemReason(errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw MocksDirectoryError(path: path, reason: "it is not a directory")
        }
        guard let handle = opendir(resolved) else { throw MocksDirectoryError(path: path, reason: systemReason(errno)) }
        closedir(handle)
    }

    /// `permission denied`: the system's message for `errorNumber`, as the end of a sentence.
    private static func systemReason(_ errorNumber: Int32) -> String {
        let message = String(cString: strerror(errorNumber))
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
