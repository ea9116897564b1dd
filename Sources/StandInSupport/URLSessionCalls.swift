import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the URLSession calls that may wait are made: creating, resuming and cancelling a task.
///
/// On Linux, FoundationNetworking does the work of every session in the process on one serial queue, and these calls
/// wait for that queue (`DispatchQueue.sync`) while it moves other transfers' bytes. Made from a Swift task, the wait
/// holds one of Swift concurrency's shared threads, of which there are only as many as cores; with each of them
/// waiting so, every task in the process stalls, timers included. There the calls run on a dispatch queue of their
/// own, in the order they are made (a task is resumed before it is cancelled). On Apple platforms they return at once
/// and run where they are made.
public enum URLSessionCalls {
    #if canImport(FoundationNetworking)
    private static let queue = DispatchQueue(label: "StandIn.URLSessionCalls")
    #endif

    /// Runs `call` and returns what it returns, suspending the calling task meanwhile.
    public static func run<Value: Sendable>(_ call: @escaping @Sendable () -> Value) async -> Value {
        #if canImport(FoundationNetworking)
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: call()) } }
        #else
        call()
        #endif
    }

    /// Starts `call` and returns without waiting for it.
    public static func start(_ call: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
        queue.async(execute: call)
        #else
        call()
        #endif
    }
}

extension URLSession {
    /// What `data(for:)` returns, with the calls that may wait made through ``URLSessionCalls``: on Linux, the
    /// calling task holds no shared thread while FoundationNetworking's queue is busy. Cancelling the calling task
    /// cancels the request.
    public func exchange(for request: URLRequest) async throws -> (Data, URLResponse) {
        // Both blocks run on URLSessionCalls' one queue, in turn: a cancellation that comes first is kept for the
        // task to see once it exists.
        let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                URLSessionCalls.start {
                    let task = self.dataTask(with: request) { data, response, error in
                        if let data, let response {
                            continuation.resume(returning: (data, response))
                        } else {
                            continuation.resume(throwing: error ?? URLError(.unknown))
                        }
                    }
                    let cancelled = state.withLock { state in
                        state.task = task
                        return state.cancelled
                    }
                    task.resume()
                    if cancelled { task.cancel() }
                }
            }
        } onCancel: {
            URLSessionCalls.start {
                let task = state.withLock { state in
                    state.cancelled = true
                    return state.task
                }
                task?.cancel()
            }
        }
    }

    /// ``exchange(for:)`` with a GET of `url`.
    public func exchange(from url: URL) async throws -> (Data, URLResponse) {
        try await exchange(for: URLRequest(url: url))
    }
}
