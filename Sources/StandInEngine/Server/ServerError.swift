import Foundation

/// Why the server could not start, or could not open a further port.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    /// The address could not be listened on (in use, not local, not resolvable).
    case cannotBind(host: String, port: Int, reason: String)
    /// libevent refused a call it should not refuse (out of memory or file descriptors).
    case libevent(String)
    /// `start` or `run` was called on a server that had already been started (a server starts once).
    case alreadyStarted
    /// A port was asked of a server that is not running: not started yet, stopping or stopped.
    case notRunning
    /// The process has as many files open as its limit allows (`ulimit -n`), too many for another event loop.
    case outOfDescriptors(limit: Int)
    /// A TLS port cannot be set up: a sentence naming the file at fault (unreadable, not PEM, a key that does not
    /// match its certificate).
    case tls(String)

    /// Listening on `host:port` failed with `errorNumber` (an `errno`).
    static func cannotListen(host: String, port: Int, errorNumber: Int32) -> ServerError {
        let reason =
            switch errorNumber {
            case EADDRINUSE: "address in use"
            case EACCES: "permission denied (ports below 1024 need privileges)"
            case EADDRNOTAVAIL: "the address is not one of this machine's"
            default: String(cString: strerror(errorNumber)).lowercased()
            }
        return .cannotBind(host: host, port: port, reason: reason)
    }

    public var description: String {
        switch self {
        case .cannotBind(let host, let port, let reason):
            "cannot listen on \(host.contains(":") ? "[\(host)]" : host):\(port): \(reason)"
        case .libevent(let call):
            "libevent failed: \(call)"
        case .alreadyStarted:
            "the server was already started; a server starts once"
        case .notRunning:
            "the server is not running (not started yet, or stopping)"
        case .outOfDescriptors(let limit):
            "the process has nearly all of the \(limit) files open that its limit allows (ulimit -n)"
        case .tls(let reason):
            reason
        }
    }
}
