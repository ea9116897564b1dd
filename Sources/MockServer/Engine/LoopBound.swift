/// A value that belongs to one event loop's thread, carried through other threads without being touched there.
///
/// `@unchecked Sendable` is safe because the value is only reachable inside `hop`, whose body runs on the loop's
/// own thread (through `EventLoop.execute`); the other threads only pass the box along. Create it on the loop's
/// thread. (swift-nio's `NIOLoopBound` is the model.)
struct LoopBound<Value>: @unchecked Sendable {
    private let loop: EventLoop
    private let value: Value

    /// Binds `value` to `loop`; call on the loop's thread.
    init(_ value: Value, on loop: EventLoop) {
        self.value = value
        self.loop = loop
    }

    /// Runs `body` with the value on the loop's thread, soon. Callable from any thread.
    func hop(_ body: @escaping @Sendable (Value) -> Void) {
        loop.execute { [self] in body(value) }
    }
}
