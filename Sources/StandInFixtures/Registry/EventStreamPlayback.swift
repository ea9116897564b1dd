import Foundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An event stream as a `URLSessionTransport` client of the server receives it, played in process: the opening and
/// each event's bytes after its wait (its `delay`, plus its bytes' time at a paced rate), then the end, a reset
/// connection (`cut-stream`: `URLError(.networkConnectionLost)`) or silence (`afterLast: hold`). A wait the client's
/// timeout does not outlast throws `URLError(.timedOut)` when the timeout passes, as URLSession does with a stream
/// gone quiet. Waits are `Task.sleep`s in the reading task, so cancelling it ends the stream at once.
struct EventStreamPlayback: Sendable {
    private enum Ending {
        case close
        case hold
        case cut
    }

    /// The pieces of the body, each with the wait before it.
    private let pieces: [(wait: Duration, bytes: [UInt8])]
    private let ending: Ending
    /// How long the client waits without a byte.
    private let timeout: Duration

    /// The playback of `stream` as `plan` delivers it (its fault and pace; the delay before the head is the
    /// caller's), to a client that gives up after `timeout` without a byte.
    init(_ stream: RenderedEventStream, plan: ResponsePlan, timeout: Duration?) {
        self.timeout = SimulatedDelivery.clientTimeout(timeout)
        if plan.fault == .malformedBody, let first = stream.events.first {
            // As the server: half of the first event, then the end.
            pieces = [(.zero, Array(first.prefix(first.count / 2)))]
            ending = .close
            return
        }
        let cut = plan.eventsBeforeCut(of: stream.events.count)
        var pieces: [(wait: Duration, bytes: [UInt8])] = stream.opening.isEmpty ? [] : [(.zero, stream.opening)]
        for (bytes, delay) in zip(stream.events, stream.delays).prefix(cut ?? stream.events.count) {
            pieces.append((plan.wait(beforeEventOf: bytes.count, delay: delay), bytes))
        }
        self.pieces = pieces
        switch (cut, stream.ending) {
        case (.some, _): ending = .cut
        case (nil, .close): ending = .close
        case (nil, .hold): ending = .hold
        }
    }

    /// The body, piece by piece, as a reader pulls it.
    var body: AsyncThrowingStream<Data, any Error> {
        let next = Locked(0)
        return AsyncThrowingStream {
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            if index < pieces.count {
                try await SimulatedDelivery.waitInSilence(pieces[index].wait, timeout: timeout)
                return Data(pieces[index].bytes)
            }
            guard index == pieces.count else { return nil }
            switch ending {
            case .close:
                return nil
            case .cut:
                throw URLError(.networkConnectionLost)
            case .hold:
                try await SimulatedDelivery.waitUntilTimedOut(timeout)
            }
        }
    }

    /// The whole body once the stream has ended, as a plain request receives it; throws as the stream ends when it
    /// breaks (a `cut-stream` fault, or a `hold` once the client's timeout passes).
    func wholeBody() async throws -> Data {
        var body = Data()
        for try await piece in self.body { body.append(piece) }
        return body
    }
}
