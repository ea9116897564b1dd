import Fixtures
import Foundation

extension JournalEntry {
    /// Captures what arrived, when it arrived; the outcome is filled in once the request has been answered. Secret
    /// headers read `<redacted>`. While recording, `recording` names the secret headers, and their values are
    /// replaced in the body too, as in the recorded files.
    init(_ request: ServerRequest, recording: Redactor? = nil) {
        var body = request.bodyPrefix(limit: Journal.maxBodyBytes)
        let head: JournalRequestHead
        if let recording {
            let all = request.allHeaders
            body.bytes = recording.redactBody(body.bytes, secrets: recording.secrets(in: all))
            head = JournalRequestHead(
                method: request.method,
                path: request.path,
                query: request.rawQuery,
                headers: recording.maskedHeaders(all)
            )
        } else {
            head = JournalRequestHead(request)
        }
        self.init(time: Date(), head: head, body: body.bytes, bodyTruncated: body.length > body.bytes.count)
    }
}
