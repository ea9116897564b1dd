import Foundation

extension JournalEntry {
    /// Captures what arrived, when it arrived; the outcome is filled in once the request has been answered.
    init(_ request: ServerRequest) {
        let body = request.bodyPrefix(limit: Journal.maxBodyBytes)
        self.init(
            time: Date(),
            method: request.method,
            path: request.path,
            query: request.rawQuery.map(String.init),
            headers: JournalHeaders(request),
            body: body.bytes,
            bodyTruncated: body.length > body.bytes.count
        )
    }
}
