/// Bytes written once into a single allocation and only read after: what a journal entry packs a request's head
/// into. A `ManagedBuffer` rather than a `[UInt8]`: an array of a size known in advance, made outside the standard
/// library, is allocated through a generic path that costs more than the bytes copied into it, and every request
/// makes one.
///
/// The bytes are written only inside `make`, before the buffer is handed to anyone, and never changed after, so it
/// may be read from any thread (`ManagedBuffer` itself is never `Sendable`).
final class PackedBytes: ManagedBuffer<Int, UInt8> {
    /// Bytes written by `write` into room for `capacity`; `write` returns how many it wrote (at most `capacity`).
    static func make(capacity: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> PackedBytes {
        let buffer = unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: PackedBytes.self)
        buffer.withUnsafeMutablePointers { count, elements in
            count.pointee = min(capacity, write(UnsafeMutableBufferPointer(start: elements, count: capacity)))
        }
        return buffer
    }

    /// A copy of `bytes`.
    static func make(copying bytes: [UInt8]) -> PackedBytes {
        make(capacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// How many bytes it holds.
    var count: Int { header }

    /// Calls `body` with the bytes, which are valid only during the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeMutablePointers { count, elements in
            body(UnsafeBufferPointer(start: elements, count: count.pointee))
        }
    }
}
