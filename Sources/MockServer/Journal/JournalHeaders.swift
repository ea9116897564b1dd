import Fixtures

/// A journal entry's request headers, packed into one byte array (`name NUL value NUL`, repeated) when the request
/// arrives and unpacked only when the journal is read: one allocation per request however many headers it has.
/// Secret values (`Redactor.defaultHeaders`) are replaced while packing, so they are never stored.
struct JournalHeaders: Sendable {
    private let packed: [UInt8]

    /// Packs headers that are already redacted (record mode, whose redactor knows more secret names).
    init(_ headers: [(name: String, value: String)]) {
        var packed: [UInt8] = []
        for (name, value) in headers {
            packed.append(contentsOf: name.utf8)
            packed.append(0)
            packed.append(contentsOf: value.utf8)
            packed.append(0)
        }
        self.packed = packed
    }

    /// Packs the headers of `request`.
    init(_ request: ServerRequest) {
        var size = 0
        request.forEachHeader { name, value in
            size += name.count + (Self.isRedacted(name) ? Self.redactedValue.count : value.count) + 2
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
                packed.append(contentsOf: Self.redactedValue)
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

    private static let redactedValue = Array(Redactor.placeholder.utf8)
    /// The secret header names, lower-case bytes, for comparing in place.
    private static let secretNames = Redactor.defaultHeaders.map { Array($0.lowercased().utf8) }

    /// Whether `name` is one of `Redactor.defaultHeaders`, any case; compares bytes in place.
    private static func isRedacted(_ name: UnsafeRawBufferPointer) -> Bool {
        secretNames.contains { secret in
            guard secret.count == name.count else { return false }
            return (0..<name.count).allSatisfy { name[$0] | 0x20 == secret[$0] }
        }
    }
}
