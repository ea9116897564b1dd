/// The controls a request carries: `X-StandIn-Variant`, `-Delay`, `-Status` and `-Fault` steer simulation,
/// `-Session` names the session it belongs to.
struct ControlHeaders {
    static let prefix = "X-StandIn-"

    private(set) var variant: String?
    private(set) var delay: String?
    private(set) var status: String?
    private(set) var fault: String?
    private(set) var session: String?

    mutating func record(name: String, value: String) {
        switch name.dropFirst(Self.prefix.count).lowercased() {
        case "variant": variant = value
        case "delay": delay = value
        case "status": status = value
        case "fault": fault = value
        case "session": session = value
        default: break
        }
    }
}
