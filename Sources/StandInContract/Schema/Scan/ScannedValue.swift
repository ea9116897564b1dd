import StandInFixtures

/// The start of a value a `JSONCursor` read: a whole scalar, or the opening bracket of an array or object.
enum ScannedValue {
    case scalar(ScannedScalar)
    case array
    case object
}

/// A string, number, boolean or null, read in place.
enum ScannedScalar {
    case null
    case bool(Bool)
    /// The number's literal, as written.
    case number(UnsafeBufferPointer<UInt8>)
    case string(ScannedString)

    /// The scalar as the parser would have built it.
    var node: JSONNode {
        switch self {
        case .null: JSONNode(.null)
        case .bool(let value): JSONNode(.bool(value))
        case .number(let literal): JSONNode(.number(String(decoding: literal, as: UTF8.self)))
        case .string(let string): JSONNode(.string(string.text))
        }
    }
}

/// A string's content without its quotes; it has no escapes, so its bytes are its UTF-8.
struct ScannedString {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether every byte is ASCII, so that each byte is one character.
    let isASCII: Bool

    /// The content as a `String`.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the content is `name`, byte for byte: what `String`'s `==` says when both are ASCII (and only then:
    /// it compares canonical equivalents, so the Kelvin sign equals `K`).
    func equals(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { Self.same($0, bytes) } ?? utf8.elementsEqual(bytes)
    }

    /// Whether `first` and `second` hold the same bytes, compared a word at a time.
    static func same(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        let count = first.count
        guard count > 0, let one = first.baseAddress, let other = second.baseAddress else { return true }
        var offset = 0
        while offset + 8 <= count {
            let word = UnsafeRawPointer(one + offset).loadUnaligned(as: UInt64.self)
            guard word == UnsafeRawPointer(other + offset).loadUnaligned(as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < count {
            guard one[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
