/// A journal entry's request headers, packed into one byte array (`name NUL value NUL`, repeated) when the request
/// arrives and unpacked only when the journal is read: one allocation per request however many headers it has.
/// Secret values (`Journal.redactedHeaders`) are replaced while packing, so they are never stored.
struct JournalHeaders: Sendable {
    private let packed: [UInt8]

    /// Packs the headers of `request`.
    init(_ request: ServerRequest) {
        var size = 0
        request.forEachHeader { name, value in
            size += name.count + (Self.isRedacted(name) ? Journal.redactedValue.utf8CodeUnitCount : value.count) + 2
        }
        guard size > 0 else {
            packed = []
            return
        }
        var packed: [UInt8] = []
        packed.reserveCapacity(size)
        request.forEachHeader { name, value in
            packed.append(contentsOf: name)
            packed.append(0)
            if Self.isRedacted(name) {
                packed.append(contentsOf: UnsafeRawBufferPointer(Self.redactedValueBytes))
            } else {
                packed.append(contentsOf: value)
            }
            packed.append(0)
        }
        self.packed = packed
    }

    /// The headers in the order received, names as sent.
    var all: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        var fields = packed.split(separator: 0, omittingEmptySubsequences: false).makeIterator()
        while let name = fields.next(), let value = fields.next() {
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        return headers
    }

    private static var redactedValueBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: Journal.redactedValue.utf8Start, count: Journal.redactedValue.utf8CodeUnitCount)
    }

    /// Whether `name` is one of `Journal.redactedHeaders`, any case; compares bytes in place.
    private static func isRedacted(_ name: UnsafeRawBufferPointer) -> Bool {
        Journal.redactedHeaders.contains { secret in
            guard secret.utf8CodeUnitCount == name.count else { return false }
            return (0..<name.count).allSatisfy { name[$0] | 0x20 == secret.utf8Start[$0] | 0x20 }
        }
    }
}
