import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes recorded files under one folder, atomically (a temporary file in the same folder, then `rename`), and
/// never outside it: a relative path that is absolute, climbs with `..`, or resolves (through a symbolic link)
/// elsewhere is refused.
package struct FixtureFileWriter {
    /// What a write did to the file.
    package enum Result: Equatable {
        /// The file did not exist.
        case created
        /// The file existed with other bytes.
        case changed
        /// The file already held these bytes; nothing was written.
        case unchanged
    }

    /// The folder, resolved.
    let root: URL
    /// Whether each file reaches the disk before its rename (`fsync`). An import writes into a staging folder that
    /// is moved into place whole at the end, so it leaves this off: a sync per file would cost more than the import.
    let syncsEachFile: Bool

    /// A writer confined to `root`.
    package init(root: URL, syncsEachFile: Bool = true) {
        self.root = root.standardizedFileURL
        self.syncsEachFile = syncsEachFile
    }

    /// Removes the temporary files (`.NAME.UUID.tmp`) of writes that a killed run never finished, and returns how
    /// many there were. The loader skips them, but they would pile up.
    func removeLeftoverTemporaries() -> Int {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return 0
        }
        var removed = 0
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            guard name.hasPrefix("."), name.hasSuffix(Self.temporarySuffix) else { continue }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }

    private static let temporarySuffix = ".tmp"

    /// Writes `bytes` to `relativePath` under the root unless the file already holds them.
    package func write(_ bytes: [UInt8], to relativePath: String) throws -> Result {
        let url = try checkedURL(relativePath)
        let folder = url.deletingLastPathComponent()
        let existing = Self.size(of: url)
        if existing == bytes.count, Self.contents(of: url, equal: bytes) { return .unchanged }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString)\(Self.temporarySuffix)"
        )
        do {
            if syncsEachFile {
                try Data(bytes).write(to: temporary)
            } else {
                try Self.writeUnsynced(bytes, to: temporary.path)
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw RecordingError.cannotWrite(relativePath, errno: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return existing == nil ? .created : .changed
    }

    /// Whether the file at `relativePath` under the root holds exactly `bytes`.
    func holds(_ bytes: [UInt8], at relativePath: String) -> Bool {
        guard let url = try? checkedURL(relativePath) else { return false }
        return Self.size(of: url) == bytes.count && Self.contents(of: url, equal: bytes)
    }

    /// The size of the file at `url`; nil when there is none.
    private static func size(of url: URL) -> Int? {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Whether the file at `url` holds exactly `bytes`, compared without a copy of either.
    private static func contents(of url: URL, equal bytes: [UInt8]) -> Bool {
        guard let existing = FileManager.default.contents(atPath: url.path), existing.count == bytes.count else {
            return false
        }
        return existing.withUnsafeBytes { stored in
            bytes.withUnsafeBytes { given in
                guard let storedStart = stored.baseAddress, let givenStart = given.baseAddress else { return true }
                return memcmp(storedStart, givenStart, bytes.count) == 0
            }
        }
    }

    /// Writes `bytes` to a new file at `path` without waiting for the disk.
    private static func writeUnsynced(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError.cannotWrite(path, errno: errno)
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw RecordingError.cannotWrite(path, errno: errno)
            }
            written += count
        }
    }

    /// Removes the body files of the fixture at `fixturePath` (`users/GET-users.json`: `GET-users.1.body`,
    /// `GET-users.2.body`, … beside it) that its new version no longer names, and returns how many there were: a
    /// sequence recorded shorter than before, or an answer now small enough to inline, leaves no stale file.
    func removeStaleBodies(of fixturePath: String, keeping kept: Set<String>) throws -> Int {
        let folder = try checkedURL(fixturePath).deletingLastPathComponent()
        let stem = String(fixturePath.split(separator: "/").last!.dropLast(".json".count)) + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(stem) && name.hasSuffix(".body") && !kept.contains(name) {
            let number = name.dropFirst(stem.count).dropLast(".body".count)
            guard !number.isEmpty, number.allSatisfy(\.isNumber) else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// The URL of `relativePath` under the root, its folder created; refuses a path that is absolute, climbs with
    /// `..`, or resolves (through a symbolic link) outside the root.
    private func checkedURL(_ relativePath: String) throws -> URL {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !components.isEmpty,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
        else { throw RecordingError.unsafePath(relativePath) }
        let url = root.appendingPathComponent(relativePath)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let resolvedRoot = root.resolvingSymlinksInPath().path
        let resolvedFolder = folder.resolvingSymlinksInPath().path
        guard resolvedFolder == resolvedRoot || resolvedFolder.hasPrefix(resolvedRoot + "/") else {
            throw RecordingError.unsafePath(relativePath)
        }
        return url
    }
}

/// Why a recorded file was not written.
public enum RecordingError: Error, CustomStringConvertible {
    /// The file name would leave the recording folder.
    case unsafePath(String)
    /// The file system refused the write, with this `errno` (`ENOSPC`, `EACCES`, `EISDIR`, …).
    case cannotWrite(String, errno: Int32)

    public var description: String {
        switch self {
        case .unsafePath(let path):
            "refused to write \(path.debugDescription): it would leave the recording folder"
        case .cannotWrite(let path, let errorNumber):
            "cannot write \(path): \(String(cString: strerror(errorNumber))) (errno \(errorNumber))"
        }
    }
}

/// The system's `write(2)`, by a name that no method shadows.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
