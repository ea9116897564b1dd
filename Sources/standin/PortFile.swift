import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--port-file` a harness waits for: it holds the bound port and a line break, and appears complete (written to
/// a temporary file beside it, then renamed) only once the server listens.
struct PortFile {
    /// Where the port goes.
    let path: String

    /// Removes a file left from an earlier run, so that a harness never reads a stale port, and checks that the file
    /// can be written: its folder exists and this process may create files in it.
    func prepare() throws(PortFileError) {
        if unlink(path) != 0, errno != ENOENT { throw PortFileError(path: path, errorNumber: errno) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if access(folder, W_OK) != 0 { throw PortFileError(path: path, errorNumber: errno) }
    }

    /// Writes `port`.
    func write(port: Int) throws(PortFileError) {
        let temporary = URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent(".\(URL(fileURLWithPath: path).lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PortFileError(path: path, errorNumber: errno) }
        let bytes = Array("\(port)\n".utf8)
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? nil : (written < 0 ? errno : EIO)
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw PortFileError(path: path, errorNumber: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PortFileError(path: path, errorNumber: failure)
        }
    }
}

/// Why the port file could not be written.
struct PortFileError: Error, CustomStringConvertible {
    let path: String
    let errorNumber: Int32

    var description: String { "cannot write the port file \(path): \(systemMessage(errorNumber))" }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
