/// Why the server could not start.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    /// The address could not be listened on (in use, not local, not resolvable).
    case cannotBind(host: String, port: Int, reason: String)
    /// libevent refused a call it should not refuse (out of memory or file descriptors).
    case libevent(String)

    public var description: String {
        switch self {
        case .cannotBind(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .libevent(let call):
            "libevent failed: \(call)"
        }
    }
}
