/// Makes request ids: 32 lower-case hex digits from a fast pseudo-random generator (SplitMix64), seeded once from
/// the system's random source. Not for secrets; one generator per thread.
public struct RequestIDGenerator {
    private var state: UInt64

    /// Creates a generator with a random seed.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    /// A new request id.
    public mutating func next() -> String {
        let high = nextWord()
        let low = nextWord()
        // Written on the stack and then decoded: `String(unsafeUninitializedCapacity:)` makes a string this long
        // through a slower, general path.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            Self.writeHex(high, into: buffer, at: 0)
            Self.writeHex(low, into: buffer, at: 16)
            return String(decoding: buffer, as: UTF8.self)
        }
    }

    /// The id a client sent in `X-Request-ID` (`sent`), if it is acceptable, else a new one.
    public mutating func id(for sent: String?) -> String {
        Self.acceptable(sent) ?? next()
    }

    /// The request id a client sent, if it is one we can echo safely (1 to 128 visible ASCII characters).
    public static func acceptable(_ candidate: String?) -> String? {
        guard let candidate, (1...128).contains(candidate.utf8.count),
            candidate.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return candidate
    }

    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func writeHex(_ word: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let digits: StaticString = "0123456789abcdef"
        for index in 0..<16 {
            let nibble = Int((word >> UInt64(60 - index * 4)) & 0xF)
            buffer[offset + index] = digits.utf8Start[nibble]
        }
    }
}
