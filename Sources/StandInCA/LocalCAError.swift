import Foundation

/// Why the local CA or one of its certificates could not be made, read or written: each case names the file.
public enum LocalCAError: Error, Equatable, CustomStringConvertible {
    /// The CA's private key can be read or written by others than its owner: refused rather than used.
    case keyOpenToOthers(path: String, mode: Int)
    /// A file of the CA's folder could not be read.
    case cannotRead(path: String, reason: String)
    /// A file or the folder could not be written; `errno` is the system's reason.
    case cannotWrite(path: String, errno: Int32)
    /// A file holds no certificate or key StandIn can use.
    case malformed(path: String, reason: String)
    /// A certificate could not be made (the reason is swift-certificates').
    case cannotIssue(reason: String)

    public var description: String {
        switch self {
        case .keyOpenToOthers(let path, let mode):
            "the CA key \(path) can be read by others (mode \(String(mode, radix: 8))); "
                + "run `chmod 600 \(path)` or `standin ca regenerate`"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let code): "cannot write \(path): \(String(cString: strerror(code)))"
        case .malformed(let path, let reason): "\(path) holds no certificate or key StandIn can use: \(reason)"
        case .cannotIssue(let reason): "cannot issue a certificate: \(reason)"
        }
    }
}
