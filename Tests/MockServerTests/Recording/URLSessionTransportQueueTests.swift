import Foundation
import NetworkCore
import ServerTestSupport
import Synchronization
import Testing

#if os(Linux)
import FoundationNetworking

#if canImport(Glibc)
import Glibc
#endif

/// On Linux, FoundationNetworking moves the bytes of every session in the process on one serial queue, and creating,
/// resuming or cancelling a task waits for that queue. The test holds the queue still, as a large transfer keeps it
/// busy, and shows that the transport's calls wait off Swift concurrency's shared threads. Holding that queue would
/// stall every other test's requests, so it runs in a process of its own (`URLSessionQueueHoldAlone`).
@Suite struct URLSessionTransportQueueTests {
    @Test func callsWaitingForFoundationNetworkingsQueueHoldNoSharedThread() async throws {
        let alone = try await AloneProcess.run("URLSessionQueueHoldAlone")
        #expect(alone.status == 0, "\(alone.output)")
        #expect(
            alone.report == "ran while held",
            "the transport's calls held every shared thread while FoundationNetworking's queue was busy: \(alone.output)"
        )
    }
}

/// Holds FoundationNetworking's queue and calls the transport, in the process `URLSessionTransportQueueTests` starts.
@Suite(.enabled(if: AloneProcess.reportFile != nil, "runs only alone, in the process of URLSessionTransportQueueTests"))
struct URLSessionQueueHoldAlone {
    /// A URLProtocol whose first loading, which FoundationNetworking starts on its one queue, waits until released
    /// (at most a minute): while it waits, that queue does nothing else. Any later loading fails at once.
    final class HoldingProtocol: URLProtocol, @unchecked Sendable {
        private enum State { case idle, holding, released }
        private static let state = Mutex(State.idle)
        static let started = DispatchSemaphore(value: 0)
        private static let released = DispatchSemaphore(value: 0)

        /// Whether the first loading is waiting now.
        static var isHolding: Bool { state.withLock { $0 == .holding } }

        /// Ends the first loading's wait, or keeps it from beginning.
        static func release() {
            let wasHolding = state.withLock { state in
                defer { state = .released }
                return state == .holding
            }
            if wasHolding { released.signal() }
        }

        override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "hold" }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

        override func startLoading() {
            let holds = Self.state.withLock { state in
                defer { if state == .idle { state = .holding } }
                return state == .idle
            }
            if holds {
                Self.started.signal()
                _ = Self.released.wait(timeout: .now() + 60)
            }
            client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
        }

        override func stopLoading() {}
    }

    @Test func aTaskRunsWhileTransportCallsWaitForTheHeldQueue() async throws {
        let report = try #require(AloneProcess.reportFile)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [HoldingProtocol.self]
        let holder = URLSession(configuration: configuration)
        defer { holder.finishTasksAndInvalidate() }
        holder.dataTask(with: URL(string: "hold://queue")!).resume()
        // Whatever happens below, the queue is let go within a minute, and every task can run again.
        await onOwnThread { HoldingProtocol.started.wait() }
        defer { HoldingProtocol.release() }

        // More calls than there are shared threads, each waiting for the held queue.
        let refusing = try refusingLoopbackPort()
        defer { close(refusing.descriptor) }
        let transport = URLSessionTransport()
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(refusing.port)", path: "/")
        let calls = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task { try? await transport.send(TransportRequest(head: request, timeout: .seconds(30))) }
        }
        // This task runs again only if a shared thread is free while the calls wait.
        try await Task.sleep(for: .milliseconds(100))
        let ranWhileHeld = HoldingProtocol.isHolding
        HoldingProtocol.release()
        for call in calls { _ = await call.value }
        try writeFile(ranWhileHeld ? "ran while held" : "stalled", to: report)
    }
}
#endif
