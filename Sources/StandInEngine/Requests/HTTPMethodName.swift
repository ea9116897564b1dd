import CLibevent

/// The methods libevent's HTTP parser knows, and their names.
enum HTTPMethodName {
    /// Every method evhttp can parse: the server accepts them all and lets fixtures decide.
    static let allLibeventMethods = UInt16(
        EVHTTP_REQ_GET.rawValue | EVHTTP_REQ_POST.rawValue | EVHTTP_REQ_HEAD.rawValue | EVHTTP_REQ_PUT.rawValue
            | EVHTTP_REQ_DELETE.rawValue | EVHTTP_REQ_OPTIONS.rawValue | EVHTTP_REQ_TRACE.rawValue
            | EVHTTP_REQ_CONNECT.rawValue | EVHTTP_REQ_PATCH.rawValue
    )

    /// The name of a parsed method; static strings, so no allocation per request.
    static func name(of command: evhttp_cmd_type) -> String {
        switch command {
        case EVHTTP_REQ_GET: "GET"
        case EVHTTP_REQ_POST: "POST"
        case EVHTTP_REQ_HEAD: "HEAD"
        case EVHTTP_REQ_PUT: "PUT"
        case EVHTTP_REQ_DELETE: "DELETE"
        case EVHTTP_REQ_OPTIONS: "OPTIONS"
        case EVHTTP_REQ_TRACE: "TRACE"
        case EVHTTP_REQ_CONNECT: "CONNECT"
        case EVHTTP_REQ_PATCH: "PATCH"
        default: "UNKNOWN"
        }
    }
}
