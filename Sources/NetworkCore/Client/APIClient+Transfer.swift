extension APIClient {
    /// Sends the endpoint's request and reports how much of its body has been sent: for a multipart form, a file
    /// or any other body whose upload a user waits for.
    ///
    /// What the transport reports decides how fine the steps are: ``URLSessionTransport`` reports as the bytes
    /// leave, `MockRegistry` in even chunks, a transport that reports nothing only the final value. See
    /// ``TransferCall`` for the stream's promises.
    public func upload<E: Endpoint>(_ endpoint: E) -> TransferCall<E.Response> {
        transfer(endpoint, watching: .upload)
    }

    /// Sends the endpoint's request and reports how much of the response body has arrived: for a large download.
    /// The total is known when the server sends `Content-Length`.
    public func download<E: Endpoint>(_ endpoint: E) -> TransferCall<E.Response> {
        transfer(endpoint, watching: .download)
    }

    private func transfer<E: Endpoint>(
        _ endpoint: E,
        watching direction: TransferProgress.Direction
    ) -> TransferCall<E.Response> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self,
            bufferingPolicy: .bufferingNewest(TransferCall<E.Response>.bufferedValues)
        )
        let relay = ProgressRelay(direction: direction, continuation: continuation)
        let task = Task {
            do {
                let response = try await send(endpoint, onProgress: relay.report)
                relay.finish()
                return response
            } catch {
                relay.fail()
                throw error
            }
        }
        return TransferCall(progress: stream, task: task)
    }
}
