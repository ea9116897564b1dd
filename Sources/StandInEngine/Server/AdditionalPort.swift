/// A port the server listens on besides its own (`HTTPServer.openPort`), served by the server's loops with handlers of
/// the port's own, until `close`.
package final class AdditionalPort: Sendable {
    /// The port's number.
    package let number: Int
    private let loops: [EventLoop]

    init(number: Int, loops: [EventLoop]) {
        self.number = number
        self.loops = loops
    }

    /// Stops listening and closes the port's connections, without waiting; callable from any thread, even from a
    /// call the port is answering. Each loop first runs one more turn (a zero timer fires after the turn's writes, so a
    /// reply queued now still goes out), then shuts the port down. Safe to call more than once.
    package func close() {
        for loop in loops {
            // Unowned: the loop owns its queued tasks and armed timers, so these run only while it exists.
            loop.execute { [unowned loop, number] in
                loop.schedule(after: .zero) { [unowned loop] in loop.closePort(number) }
            }
        }
    }
}
