import Foundation
import StandInSupport

/// Passes one direction's progress from a transport to a call's `AsyncStream`, in the shape the stream promises:
/// every value moves more bytes than the one before (a transport's repeats, and the restart of a retried attempt,
/// are dropped), the first has moved some bytes, and a call that succeeds ends with a complete value.
/// Transports call `report` from their own threads; the last value passed on is kept under a lock.
final class ProgressRelay: Sendable {
    private let direction: TransferProgress.Direction
    private let continuation: AsyncStream<TransferProgress>.Continuation
    private let last = Locked<TransferProgress?>(nil)

    init(direction: TransferProgress.Direction, continuation: AsyncStream<TransferProgress>.Continuation) {
        self.direction = direction
        self.continuation = continuation
    }

    /// Passes `progress` on if it is this relay's direction and moves more bytes than the last value passed on.
    func report(_ progress: TransferProgress) {
        guard progress.direction == direction, progress.completedBytes > 0 else { return }
        let passed = last.withLock { last in
            guard progress.completedBytes > last?.completedBytes ?? 0 else { return false }
            last = progress
            return true
        }
        if passed { continuation.yield(progress) }
    }

    /// The call succeeded: passes on a complete value unless the last one was, then ends the stream.
    func finish() {
        let final: TransferProgress? = last.withLock { last in
            if last?.isComplete == true { return nil }
            let moved = last.map { max($0.completedBytes, $0.totalBytes ?? 0) } ?? 0
            let done = TransferProgress(direction: direction, completedBytes: moved, totalBytes: moved)
            last = done
            return done
        }
        if let final { continuation.yield(final) }
        continuation.finish()
    }

    /// The call failed or was cancelled: ends the stream where it stands.
    func fail() {
        continuation.finish()
    }
}
