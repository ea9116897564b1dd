import Foundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Security)
import Security
#endif

extension URLSessionTransport {
    /// The session's delegate: collects each task's response and bytes (cancelling a task whose body passes
    /// `maxBodyBytes`, and dropping what it had), reports their progress to the request's
    /// ``TransportRequest/onProgress``, refuses redirects unless told otherwise, and resumes the task's continuation
    /// when it completes; a streamed task's head and bytes are handed on as they arrive instead. The exchanges in
    /// flight, keyed by task identifier, are kept under a lock: `register` runs on the caller's task, the other calls
    /// on URLSession's delegate queue.
    final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
        private struct Exchange {
            var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
            var onProgress: TransferProgressHandler?
            /// The request body's bytes sent so far, the sum of `didSendBodyData`'s `bytesSent`.
            var sent: Int64 = 0
            var response: HTTPURLResponse?
            var body = Data()
            /// Whether the body passed `maxBodyBytes`, so the task was cancelled.
            var isTooLarge = false
        }

        private let followsRedirects: Bool
        private let trustsAnyCertificate: Bool
        private let trustedRoots: [Data]
        private let maxBodyBytes: Int?
        private let tasks = Locked<[Int: Exchange]>([:])
        private let streams = Locked<[Int: StreamedExchange]>([:])

        init(followsRedirects: Bool, trustsAnyCertificate: Bool, trustedRoots: [Data], maxBodyBytes: Int?) {
            self.followsRedirects = followsRedirects
            self.trustsAnyCertificate = trustsAnyCertificate
            self.trustedRoots = trustedRoots
            self.maxBodyBytes = maxBodyBytes
        }

        /// Registers the task's continuation and returns true, for the caller to resume the task; when the calling
        /// task is already cancelled, ends the continuation instead and returns false.
        func register(
            _ task: URLSessionDataTask,
            onProgress: TransferProgressHandler?,
            continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
        ) -> Bool {
            if Task.isCancelled {
                continuation.resume(throwing: TransportError.cancelled)
                return false
            }
            tasks.withLock { tasks in
                tasks[task.taskIdentifier] = Exchange(continuation: continuation, onProgress: onProgress)
            }
            return true
        }

        /// Registers a streamed task's exchange and returns true, for the caller to resume the task; when the calling
        /// task is already cancelled, ends the exchange instead and returns false.
        func register(_ task: URLSessionDataTask, streaming exchange: StreamedExchange) -> Bool {
            if Task.isCancelled {
                exchange.complete(with: URLError(.cancelled), response: nil)
                return false
            }
            streams.withLock { $0[task.taskIdentifier] = exchange }
            return true
        }

        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(followsRedirects ? request : nil)
        }

        #if !canImport(FoundationNetworking)
        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard trustsAnyCertificate || !trustedRoots.isEmpty,
                challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust
            else { return completionHandler(.performDefaultHandling, nil) }
            if trustsAnyCertificate { return completionHandler(.useCredential, URLCredential(trust: trust)) }
            // The transport's roots as anchors beside the system's; the host name and dates are checked as always.
            let anchors = trustedRoots.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
            SecTrustSetAnchorCertificates(trust, anchors as CFArray)
            SecTrustSetAnchorCertificatesOnly(trust, false)
            guard SecTrustEvaluateWithError(trust, nil) else {
                return completionHandler(.cancelAuthenticationChallenge, nil)
            }
            completionHandler(.useCredential, URLCredential(trust: trust))
        }
        #endif

        func urlSession(
            _ session: URLSession,
            dataTask: URLSessionDataTask,
            didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            streams.withLock { $0[dataTask.taskIdentifier]?.receive(response) }
            tasks.withLock { tasks in
                tasks[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
                tasks[dataTask.taskIdentifier]?.body = Data()
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if let stream = streams.withLock({ $0[dataTask.taskIdentifier]?.body }) {
                stream.yield(data)
                return
            }
            let maxBodyBytes = maxBodyBytes
            let (onProgress, received, isTooLarge) = tasks.withLock { tasks -> (TransferProgressHandler?, Int, Bool) in
                let id = dataTask.taskIdentifier
                // Read in place: a copy of the exchange would share the body, and each append would copy it whole.
                guard let held = tasks[id]?.body.count, tasks[id]?.isTooLarge == false else { return (nil, 0, false) }
                if let maxBodyBytes, data.count > maxBodyBytes - held {
                    tasks[id]?.isTooLarge = true
                    tasks[id]?.body = Data()
                    return (nil, 0, true)
                }
                tasks[id]?.body.append(data)
                return (tasks[id]?.onProgress, held + data.count, false)
            }
            if isTooLarge { dataTask.cancel() }
            guard let onProgress else { return }
            let expected = dataTask.response?.expectedContentLength ?? -1
            onProgress(
                TransferProgress(
                    direction: .download,
                    completedBytes: Int64(received),
                    totalBytes: expected >= 0 ? expected : nil
                )
            )
        }

        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            didSendBodyData bytesSent: Int64,
            totalBytesSent: Int64,
            totalBytesExpectedToSend: Int64
        ) {
            // FoundationNetworking reads `totalBytesSent` when the call runs, not when the bytes left, so calls that
            // queue up all report the latest total; the sum of each call's own `bytesSent` keeps every step.
            let progress = tasks.withLock { tasks -> (TransferProgressHandler, Int64)? in
                guard let handler = tasks[task.taskIdentifier]?.onProgress else { return nil }
                tasks[task.taskIdentifier]?.sent += bytesSent
                return (handler, tasks[task.taskIdentifier]?.sent ?? 0)
            }
            guard let (onProgress, sent) = progress else { return }
            onProgress(
                TransferProgress(
                    direction: .upload,
                    completedBytes: sent,
                    totalBytes: totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
                )
            )
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let stream = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
                return stream.complete(with: error, response: task.response)
            }
            guard let exchange = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            if exchange.isTooLarge, let maxBodyBytes {
                let tooLarge = ResponseBodyTooLarge(limit: maxBodyBytes)
                exchange.continuation.resume(throwing: TransportError.other(underlying: tooLarge))
            } else if let error {
                exchange.continuation.resume(throwing: TransportError(classifying: error))
            } else if let response = exchange.response ?? task.response as? HTTPURLResponse {
                exchange.continuation.resume(returning: (response, exchange.body))
            } else {
                exchange.continuation.resume(throwing: TransportError.other(underlying: URLError(.badServerResponse)))
            }
        }
    }
}
