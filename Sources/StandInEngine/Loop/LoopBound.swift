/// A value that belongs to one event loop's thread, carried through other threads without being touched there.
///
/// `@unchecked Sendable` is safe because the value is only reachable inside `hop`, whose body runs on the loop's
/// own thread (through `EventLoop.execute`); the other threads only pass the box along. Create it on the loop's
/// thread. (swift-nio's `NIOLoopBound` is the model.)
///
/// The loop is held weakly: a task queued on a loop that has stopped must not keep it alive (the queue holds the
/// task, the task would hold the loop). Once the loop is gone, `hop` drops the value.
package struct LoopBound<Value>: @unchecked Sendable {
    private weak var loop: EventLoop?
    private let value: Value

    /// Binds `value` to `loop`; call on the loop's thread.
    package init(_ value: Value, on loop: EventLoop) {
        self.value = value
        self.loop = loop
    }

    /// Runs `body` with the value on the loop's thread, soon; never if the loop is gone. Callable from any thread.
    package func hop(_ body: @escaping @Sendable (Value) -> Void) {
        loop?.execute { [self] in body(value) }
    }
}
