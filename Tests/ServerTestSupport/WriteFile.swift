import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `contents` to `url`, creating its folder, without waiting for the disk.
///
/// Foundation's `Data.write` syncs every file it writes to disk; on a machine busy writing, that takes seconds, and
/// holds one of the few threads that every test shares while it does. A test's files need no such guarantee. With
/// `atomically`, the contents go to a temporary file first and are renamed into place, as an editor saves.
public func writeFile(_ contents: String, to url: URL, atomically: Bool = false) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard atomically else { return try writeUnsynced(Array(contents.utf8), to: url.path) }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
    try writeUnsynced(Array(contents.utf8), to: temporary.path)
    guard rename(temporary.path, url.path) == 0 else { throw POSIXError.current }
}

private func writeUnsynced(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError.current }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw POSIXError.current }
        written += count
    }
}

extension POSIXError {
    /// The error `errno` names.
    fileprivate static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
