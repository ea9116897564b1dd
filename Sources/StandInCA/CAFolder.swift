import Foundation

/// The CA's folder, `$STANDIN_HOME/ca` (default `~/.standin/ca`), and the only code that reads or writes it: the
/// folder is made with mode 0700, every file is written whole under a temporary name with mode 0600 and then renamed,
/// and the CA's key is refused when others may read it. `withLock` keeps two StandIn processes that start at once
/// from each making a CA of their own.
struct CAFolder {
    let url: URL

    var caCertificate: URL { url.appending(path: "ca.pem") }
    var caKey: URL { url.appending(path: "ca-key.pem") }
    /// The leaf a server presents when the client's SNI name is one of its own names (or absent).
    var serverCertificate: URL { url.appending(path: "server.pem") }
    var serverKey: URL { url.appending(path: "server-key.pem") }

    /// The folder `STANDIN_HOME` names (else `~/.standin`), with `ca` appended.
    static func standard(environment: [String: String]) -> URL {
        let home =
            environment["STANDIN_HOME"].map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".standin", directoryHint: .isDirectory)
        return home.appending(path: "ca", directoryHint: .isDirectory)
    }

    /// Runs `body` holding an exclusive lock on the folder (made if needed), shared with every StandIn process.
    func withLock<Result>(_ body: () throws(LocalCAError) -> Result) throws(LocalCAError) -> Result {
        do {
            try FileManager.default.createDirectory(
                at: url,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .cannotWrite(path: url.path, errno: (error as NSError).underlyingErrorCode ?? EACCES)
        }
        let lockPath = url.appending(path: ".lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: lockPath, errno: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// Whether `file` exists.
    func holds(_ file: URL) -> Bool {
        FileManager.default.fileExists(atPath: file.path)
    }

    /// The text of `file`.
    func read(_ file: URL) throws(LocalCAError) -> String {
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw .cannotRead(path: file.path, reason: "it is not readable UTF-8 text")
        }
    }

    /// The text of the CA's key, refused when its mode lets anyone but its owner read or write it.
    func readPrivate(_ file: URL) throws(LocalCAError) -> String {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            throw .cannotRead(path: file.path, reason: String(cString: strerror(errno)))
        }
        let mode = Int(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .keyOpenToOthers(path: file.path, mode: mode) }
        return try read(file)
    }

    /// Writes `text` to `file` with mode 0600: to a temporary file beside it first, then renamed over it, so a reader
    /// never sees half a certificate or key.
    func store(_ text: String, to file: URL) throws(LocalCAError) {
        let temporary = file.path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: temporary, errno: errno) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let code = errno
        guard written == bytes.count, fsync(descriptor) == 0 else {
            close(descriptor)
            unlink(temporary)
            throw .cannotWrite(path: file.path, errno: written < 0 ? code : EIO)
        }
        close(descriptor)
        guard rename(temporary, file.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .cannotWrite(path: file.path, errno: code)
        }
    }

    /// Removes `file` if it is there.
    func remove(_ file: URL) throws(LocalCAError) {
        guard unlink(file.path) == 0 || errno == ENOENT else { throw .cannotWrite(path: file.path, errno: errno) }
    }
}

extension NSError {
    /// The POSIX code under a Foundation file error, when it has one.
    fileprivate var underlyingErrorCode: Int32? {
        (userInfo[NSUnderlyingErrorKey] as? NSError).map { Int32($0.code) }
    }
}
