import Foundation
import StandInFixtures

extension JournalEntry {
    /// The entry as `GET /__standin/requests` lists it.
    ///
    /// `headers` is an object (repeated names joined with `, `); the body is text when it is UTF-8 (`body`), else
    /// base64 (`bodyBase64`); `durationMs` has microsecond precision. `envelopeCode`, `fault` and `outcome` say what
    /// the answer meant; `stream` (`eventsSent`, `clientLeftFirst`) what became of an event stream (null for any
    /// other answer); `graphqlOperations`, only on a request read as GraphQL, the names of the operations it asked
    /// for (`""` for an anonymous one); `contract`, only under a spec (`serve --spec`), the operation (null: not in
    /// the spec) with the request's and the answer's violations; `websocket`, only for a WebSocket, its messages both
    /// ways (`from`, `text` or `base64`, `atMs`) and how it ended; a fallback backend's answer comes as `upstreamResponse`, a fixture's
    /// `response`.
    var json: JSONNode {
        var headerValues: [(String, String)] = []
        for header in headers {
            if let position = headerValues.firstIndex(where: { $0.0.lowercased() == header.name.lowercased() }) {
                headerValues[position].1 += ", " + header.value
            } else {
                headerValues.append((header.name, header.value))
            }
        }
        var members: [(String, JSONNode)] = [
            ("id", AdminJSON.int(number)),
            ("time", AdminJSON.string(Self.timestamp(time))),
            ("method", AdminJSON.string(method)),
            ("path", AdminJSON.string(path)),
            ("query", AdminJSON.string(query)),
            ("headers", AdminJSON.object(headerValues.map { ($0.0, AdminJSON.string($0.1)) })),
        ]
        if let text = String(bytes: body, encoding: .utf8) {
            members.append(("body", AdminJSON.string(text)))
        } else {
            members.append(("bodyBase64", AdminJSON.string(Data(body).base64EncodedString())))
        }
        members += [
            ("bodyTruncated", AdminJSON.bool(bodyTruncated)),
            ("fixture", AdminJSON.string(fixture)),
            ("variant", AdminJSON.string(variant)),
            ("status", AdminJSON.int(status)),
            ("durationMs", JSONNode(.number(MillisecondsLiteral.text(duration)))),
            ("simulation", AdminJSON.string(simulation)),
            ("envelopeCode", answer.envelopeCode.map(AdminJSON.int) ?? AdminJSON.null),
            ("fault", AdminJSON.string(answer.fault)),
            ("outcome", AdminJSON.string(answer.outcome.rawValue)),
            ("stream", streamJSON),
        ]
        if let graphQLOperations { members.append(("graphqlOperations", AdminJSON.strings(graphQLOperations))) }
        if let contract { members.append(("contract", contract.json)) }
        if let webSocket { members.append(("websocket", webSocket.json)) }
        if case .upstream(let response) = unanswered, let node = try? JSONParser.parse(response) {
            members.append(("upstreamResponse", node))
        }
        if isUnmatched {
            let misses = nearMisses.map { miss in
                AdminJSON.object([
                    ("fixture", AdminJSON.string(miss.fixture)),
                    ("endpoint", AdminJSON.string(miss.endpoint)),
                    ("differences", AdminJSON.strings(miss.differences)),
                ])
            }
            members.append(("nearMisses", AdminJSON.array(misses)))
        }
        return AdminJSON.object(members)
    }

    /// What became of an event stream: `{"eventsSent","clientLeftFirst"}`, or null for any other answer.
    private var streamJSON: JSONNode {
        guard let stream = answer.stream else { return AdminJSON.null }
        return AdminJSON.object([
            ("eventsSent", AdminJSON.int(stream.eventsSent)),
            ("clientLeftFirst", AdminJSON.bool(stream.clientLeftFirst)),
        ])
    }

    /// `2026-11-22T10:04:05.123Z`.
    private static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
