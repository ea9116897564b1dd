import StandInFixtures

/// When the events of a captured event stream came. A HAR keeps the stream's text whole and only the time its body
/// took to arrive (`timings.receive`), so the events are spread evenly over that time: each comes `receive / count`
/// after the one before it (the first after the head), and the last as the body ends. Without a `receive` time (or
/// with 0 or -1, HAR's "not known"), every delay is 0.
enum HAREventTimings {
    /// The delay before each of `count` events, in whole milliseconds.
    static func delays(events count: Int, receive: JSONNode?) -> [Duration] {
        guard count > 0, let milliseconds = receive?.doubleValue, milliseconds > 0 else {
            return Array(repeating: .zero, count: count)
        }
        let each = (milliseconds / Double(count)).rounded()
        return Array(repeating: .milliseconds(Int(each)), count: count)
    }
}
