import StandInFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controls a request carries: `X-StandIn-Variant`, `-Delay`, `-Status`, `-Fault` and `-Network` steer simulation
/// (`SimulationControls`, which `MockRegistry` reads the same), `-Session` names the session it belongs to.
struct ControlHeaders {
    static let prefix: StaticString = "X-StandIn-"

    /// What the request asks simulation for.
    private(set) var simulation = SimulationControls()
    /// The session the request names, if any.
    private(set) var session: SessionHeader?

    /// Records one header, given as C strings: `name` past the prefix (any case) and its value. Read in place, so
    /// that a request naming its session makes no string of the header's name or of a well-formed id.
    mutating func record(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>) {
        if Self.name(name, is: "session") {
            let bytes = UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self)
            session = SessionHeader(utf8: UnsafeBufferPointer(start: bytes, count: strlen(value)))
        } else if Self.name(name, is: "variant") {
            simulation.variant = String(cString: value)
        } else if Self.name(name, is: "delay") {
            simulation.delay = String(cString: value)
        } else if Self.name(name, is: "status") {
            simulation.status = String(cString: value)
        } else if Self.name(name, is: "fault") {
            simulation.fault = String(cString: value)
        } else if Self.name(name, is: "network") {
            simulation.network = String(cString: value)
        }
    }

    /// Whether the C string `name` is `word` (lowercase letters), in any case.
    private static func name(_ name: UnsafePointer<CChar>, is word: StaticString) -> Bool {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for (position, letter) in letters.enumerated() {
            // An ASCII letter of either case ORed with 0x20 is the lowercase one; nothing else becomes a letter.
            guard UInt8(bitPattern: name[position]) | 0x20 == letter else { return false }
        }
        return name[letters.count] == 0
    }
}
