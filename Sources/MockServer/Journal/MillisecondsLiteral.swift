/// A duration as a JSON number of milliseconds with microsecond precision (`0.21`, `12.0`, `0.005`): how the journal
/// and the dashboard's stream write `durationMs`, never with a binary fraction's tail (`0.13952699999999998`).
enum MillisecondsLiteral {
    /// Appends `duration`'s literal to `out`.
    static func append(_ duration: Duration, to out: inout [UInt8]) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
        out.appendDecimal(microseconds / 1000)
        out.append(UInt8(ascii: "."))
        var fraction = microseconds % 1000
        var digits = 3
        while digits > 1, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        if digits > 1, fraction < 10 { out.append(UInt8(ascii: "0")) }
        if digits > 2, fraction < 100 { out.append(UInt8(ascii: "0")) }
        out.appendDecimal(fraction)
    }

    /// `duration`'s literal as text.
    static func text(_ duration: Duration) -> String {
        var out: [UInt8] = []
        append(duration, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
