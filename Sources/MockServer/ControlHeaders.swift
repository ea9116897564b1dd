/// The simulation controls a request carries: `X-StandIn-Variant`, `-Delay`, `-Status` and `-Fault`.
struct ControlHeaders {
    static let prefix = "X-StandIn-"

    private(set) var variant: String?
    private(set) var delay: String?
    private(set) var status: String?
    private(set) var fault: String?

    mutating func record(name: String, value: String) {
        switch name.dropFirst(Self.prefix.count).lowercased() {
        case "variant": variant = value
        case "delay": delay = value
        case "status": status = value
        case "fault": fault = value
        default: break
        }
    }
}
