import Foundation
import StandInEngine
import StandInFixtures

extension JournalEntry {
    /// Captures what arrived, when it arrived; the outcome is filled in once the request has been answered. Secret
    /// headers read `<redacted>`. While recording, `recording` says what is secret, and secret values are replaced
    /// in the path, query and body too, as in the recorded files.
    init(_ request: ServerRequest, recording: Redactor? = nil) {
        var body = request.bodyPrefix(limit: Journal.maxBodyBytes)
        let head: JournalRequestHead
        if let recording {
            let all = request.allHeaders
            let secrets = recording.secrets(
                in: RecordedExchange(
                    method: request.method,
                    path: request.path,
                    rawQuery: request.rawQuery.map(String.init),
                    requestHeaders: all,
                    requestBody: body.bytes,
                    status: 0
                )
            )
            body.bytes = recording.redactBody(body.bytes, secrets: secrets)
            head = JournalRequestHead(
                method: request.method,
                path: Redactor.replace(secrets, in: request.path),
                query: request.rawQuery.map { Substring(recording.redactQuery($0, secrets: secrets)) },
                headers: recording.maskedHeaders(all)
            )
        } else {
            head = JournalRequestHead(request)
        }
        self.init(time: Date(), head: head, body: body.bytes, bodyTruncated: body.length > body.bytes.count)
    }
}
