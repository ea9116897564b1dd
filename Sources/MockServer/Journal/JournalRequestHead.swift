import StandInEngine
import StandInFixtures

/// What a journal entry keeps of a request's head: method, path, query and headers, packed into one buffer when the
/// request arrives and unpacked only when the journal is read. One allocation per request however many headers
/// it has, and one reference for the ring to copy and release. Secret header values (`Redactor.defaultHeaders`) are
/// replaced while packing, so they are never stored.
///
/// Layout: `method NUL path NUL ?query NUL` then `name NUL value NUL` per header; the query field is empty when the
/// request had no query at all. (No field can hold a NUL: evhttp hands them over as C strings.)
struct JournalRequestHead: Sendable {
    /// Never changed once packed (see `PackedBytes`), so safe to share between threads.
    nonisolated(unsafe) private let packed: PackedBytes

    /// Packs a request whose headers are already redacted (record mode, whose redactor knows more secret names).
    init(method: String, path: String, query: Substring?, headers: [(name: String, value: String)]) {
        var packed: [UInt8] = []
        Self.appendStart(method: method, path: path, query: query, to: &packed)
        for (name, value) in headers {
            packed.append(contentsOf: name.utf8)
            packed.append(0)
            packed.append(contentsOf: value.utf8)
            packed.append(0)
        }
        self.packed = .make(copying: packed)
    }

    /// Packs the head of `request`, redacting secret headers: one pass over the headers, read in place, to size the
    /// buffer, one to copy the bytes in.
    init(_ request: ServerRequest) {
        var method = request.method
        var path = request.path
        let query = request.rawQuery
        var size = method.utf8.count + path.utf8.count + (query.map { $0.utf8.count + 1 } ?? 0) + 3
        for (name, value) in request.headerFields {
            size += name.count + (Self.isRedacted(name) ? Self.redactedValue.count : value.count) + 2
        }
        packed = .make(capacity: size) { buffer in
            var writer = PackWriter(buffer)
            method.withUTF8 { writer.append(UnsafeRawBufferPointer($0)) }
            writer.append(0)
            path.withUTF8 { writer.append(UnsafeRawBufferPointer($0)) }
            writer.append(0)
            if var query {
                writer.append(UInt8(ascii: "?"))
                query.withUTF8 { writer.append(UnsafeRawBufferPointer($0)) }
            }
            writer.append(0)
            for (name, value) in request.headerFields {
                writer.append(name)
                writer.append(0)
                if Self.isRedacted(name) {
                    Self.redactedValue.withUnsafeBytes { writer.append($0) }
                } else {
                    writer.append(value)
                }
                writer.append(0)
            }
            return writer.count
        }
    }

    /// How many bytes the packed head holds.
    var byteCount: Int { packed.count }

    var method: String { withFields { method, _, _ in String(decoding: method, as: UTF8.self) } }
    var path: String { withFields { _, path, _ in String(decoding: path, as: UTF8.self) } }
    /// The raw query string, without `?`; nil when the request had none.
    var query: String? { withFields { _, _, query in query.map { String(decoding: $0, as: UTF8.self) } } }

    /// The headers in the order received, names as sent.
    var headers: [(name: String, value: String)] {
        packed.withBytes { all in
            var headers: [(name: String, value: String)] = []
            var rest = all.split(separator: 0, omittingEmptySubsequences: false).dropFirst(3).makeIterator()
            while let name = rest.next(), let value = rest.next() {
                headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            }
            return headers
        }
    }

    private static func appendStart(method: String, path: String, query: Substring?, to packed: inout [UInt8]) {
        packed.append(contentsOf: method.utf8)
        packed.append(0)
        packed.append(contentsOf: path.utf8)
        packed.append(0)
        if let query {
            packed.append(UInt8(ascii: "?"))
            packed.append(contentsOf: query.utf8)
        }
        packed.append(0)
    }

    /// Calls `body` with the method, path and query (without `?`; nil when there was none) as packed, for writing
    /// them out without making strings; the bytes are valid only during the call. Found by looking for the three NULs
    /// that end them; nothing is copied.
    func withFields<Result>(
        _ body: (
            _ method: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<UInt8>,
            _ query: UnsafeBufferPointer<UInt8>?
        ) -> Result
    ) -> Result {
        packed.withBytes { all in
            let methodEnd = all.firstIndex(of: 0) ?? all.endIndex
            let pathEnd = all[min(methodEnd + 1, all.endIndex)...].firstIndex(of: 0) ?? all.endIndex
            let query = all[min(pathEnd + 1, all.endIndex)...].prefix { $0 != 0 }
            return body(
                UnsafeBufferPointer(rebasing: all[..<methodEnd]),
                UnsafeBufferPointer(rebasing: all[min(methodEnd + 1, pathEnd)..<pathEnd]),
                query.isEmpty ? nil : UnsafeBufferPointer(rebasing: query.dropFirst())
            )
        }
    }

    private static let redactedValue = Array(Redactor.placeholder.utf8)
    /// The secret header names, lower-case bytes, for comparing in place.
    private static let secretNames = Redactor.defaultHeaders.map { Array($0.lowercased().utf8) }

    /// The lengths of the secret header names, as bits: most headers are told apart by their length alone.
    private static let secretNameLengths = secretNames.reduce(UInt64(0)) { $0 | 1 << min($1.count, 63) }

    /// Whether `name` is one of `Redactor.defaultHeaders`, any case; compares bytes in place.
    private static func isRedacted(_ name: UnsafeRawBufferPointer) -> Bool {
        guard name.count < 63, secretNameLengths >> name.count & 1 == 1 else { return false }
        for secret in secretNames where secret.count == name.count {
            var position = 0
            while position < secret.count, name[position] | 0x20 == secret[position] { position += 1 }
            if position == secret.count { return true }
        }
        return false
    }
}

/// Copies bytes into the start of an uninitialised buffer, never past its end.
private struct PackWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let length = min(bytes.count, buffer.count - count)
        guard length > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: length)
        count += length
    }

    mutating func append(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer.initializeElement(at: count, to: byte)
        count += 1
    }
}
