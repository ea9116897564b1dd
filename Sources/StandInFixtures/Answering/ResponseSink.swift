/// Where a response's headers and body are written: the server's request itself (the fast path), or a
/// `RenderedResponse` kept for a later answer or handed to `MockRegistry`'s caller.
public protocol ResponseSink {
    /// Adds a response header.
    mutating func addHeader(_ name: String, _ value: String)
    /// Appends bytes to the body.
    mutating func appendBody(_ bytes: UnsafeRawBufferPointer)
    /// Appends bytes prepared at load; a sink that keeps the body may keep a reference instead of a copy.
    mutating func appendBody(_ bytes: [UInt8])
}

extension ResponseSink {
    /// Appends the bytes through `appendBody(_: UnsafeRawBufferPointer)`.
    public mutating func appendBody(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { appendBody($0) }
    }
}
