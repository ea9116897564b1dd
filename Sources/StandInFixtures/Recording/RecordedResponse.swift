import Foundation
import NetworkCore

/// One response of a recorded fixture: status, the headers worth replaying, the body in the form that fits it (an event
/// stream as `events`, see `RecordedEventStream`), and the delay when latency is kept. Secrets are already dropped or
/// replaced. A body that came without a Content-Type is stored with `"Content-Type": null`, so that it replays without
/// one too.
///
/// A body that a digest header covers (`RecordedExchange.digestHeaders`) is stored so that it replays byte for byte
/// (`text`, or `base64`), and the digest still holds; if redaction had to change it, the digest would be wrong, so the
/// digest headers are left out instead.
package struct RecordedResponse {
    /// Bodies larger than this go to a sibling file instead of the fixture.
    package static let largestInlineBody = 256 * 1024
    /// Response headers kept besides every `X-` header, by lower-cased name, with their usual spelling (some
    /// transports hand names over as `Etag`). `Set-Cookie` reaches here only when secrets are kept.
    static let keptHeaders: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "Content-Type", "Location", "Cache-Control", "ETag", "Retry-After", "WWW-Authenticate",
            "Content-Disposition", "Content-Encoding", "Content-MD5", "Digest", "Content-Digest", "Repr-Digest",
            "Set-Cookie",
        ].map { ($0.lowercased(), $0) }
    )
    /// `X-` headers that differ on every response, so are not kept: a replay makes its own request id.
    static let volatileHeaders: Set<String> = ["x-request-id", "x-amzn-requestid", "x-amz-request-id", "x-amz-id-2"]

    /// The response's members, without a body form when the body goes to a file.
    let members: [JSONNode.Member]
    /// A body too large to inline; the fixture refers to it with `file`. The recorder lets go of the bytes once
    /// their file is written (`largeBodyCount` stays).
    var largeBody: [UInt8]?
    /// The size of the large body, if there is one.
    let largeBodyCount: Int?

    /// The response of `exchange`; `graphQL` (the answer to a GraphQL operation) stores a JSON body that has the
    /// shape of a GraphQL response as a `graphql` body.
    init(_ exchange: RecordedExchange, rules: RecordingRules, secrets: SecretIndex, graphQL: Bool = false) {
        var members = [RecordedMatch.member("status", .number(String(exchange.status)))]
        let contentType = exchange.responseHeader(named: "Content-Type")
        let body = Redactor.replace(secrets, in: exchange.responseBody)
        let isDigested = exchange.responseHeaders.contains { RecordedExchange.isDigest($0.name) }
        let isExact =
            isDigested && body == exchange.responseBody
            && rules.redactor.redactBody(body, secrets: []) == body
        var headers = Self.headers(exchange, rules: rules, secrets: secrets, keepingDigests: isExact)
        if contentType == nil, !body.isEmpty {
            // A body form would replay with its default Content-Type; the backend sent none.
            headers.insert(RecordedMatch.member("Content-Type", .null), at: 0)
        }
        if !headers.isEmpty { members.append(RecordedMatch.member("headers", .object(headers))) }
        let events =
            isDigested || !EventStreamMediaType.matches(contentType)
            ? nil
            : RecordedEventStream.member(body, delays: exchange.eventDelays, rules: rules, secrets: secrets)
        if let events {
            largeBody = nil
            largeBodyCount = nil
            members.append(events)
        } else if body.count > Self.largestInlineBody {
            largeBody = body
            largeBodyCount = body.count
        } else {
            largeBody = nil
            largeBodyCount = nil
            let form =
                isExact
                ? Self.exactBodyForm(body)
                : Self.bodyForm(body, contentType: contentType, rules: rules, secrets: secrets, graphQL: graphQL)
            if let form { members.append(form) }
        }
        if rules.keepLatency {
            let milliseconds = Int((exchange.latency / .milliseconds(1)).rounded())
            members.append(RecordedMatch.member("delay", .string("\(milliseconds)ms")))
        }
        self.members = members
    }

    /// The response object, with `file` naming the sibling file of a large body.
    func node(file: String?) -> JSONNode {
        var members = members
        if let file { members.append(RecordedMatch.member("file", .string(file))) }
        return JSONNode(.object(members))
    }

    /// Whether `other` is the same answer: the same members (an event stream's measured delays aside, which differ
    /// a little every time), and the same large body, compared by `sameBody` when this response has let go of its
    /// bytes.
    func isSame(as other: RecordedResponse, sameBody: ([UInt8]) -> Bool) -> Bool {
        guard largeBodyCount == other.largeBodyCount, comparableBytes == other.comparableBytes else { return false }
        guard let body = other.largeBody else { return true }
        return largeBody.map { $0 == body } ?? sameBody(body)
    }

    /// The response without its events' delays, as `isSame` compares it.
    private var comparableBytes: [UInt8] {
        let kept = members.map { member in
            guard member.key == "events", case .array(let events) = member.value.value else { return member }
            let timeless = events.map { event in
                guard case .object(let fields) = event.value else { return event }
                return JSONNode(.object(fields.filter { $0.key != "delay" }))
            }
            return JSONNode.Member(key: member.key, value: JSONNode(.array(timeless)))
        }
        return JSONNode(.object(kept)).prettyBytes
    }

    /// The kept headers, repeated names joined with `, ` (but never `Set-Cookie`, whose values may hold commas); values
    /// that a template would read (`{{`) are left out, and digest headers unless the body is kept exact.
    private static func headers(
        _ exchange: RecordedExchange,
        rules: RecordingRules,
        secrets: SecretIndex,
        keepingDigests: Bool
    ) -> [JSONNode.Member] {
        var kept: [(name: String, value: String)] = []
        for header in rules.redactor.keptHeaders(exchange.responseHeaders, secrets: secrets) {
            let name = header.name.lowercased()
            guard keptHeaders[name] != nil || (name.hasPrefix("x-") && !volatileHeaders.contains(name)),
                !header.value.contains("{{"), keepingDigests || !RecordedExchange.isDigest(name)
            else { continue }
            if name != "set-cookie", let index = kept.firstIndex(where: { $0.name.lowercased() == name }) {
                kept[index].value += ", " + header.value
            } else {
                kept.append((keptHeaders[name] ?? header.name, header.value))
            }
        }
        return kept.map { RecordedMatch.member($0.name, .string($0.value)) }
    }

    /// `graphql` (for `graphQL`, when the body has that shape), `envelope` (without its request id), `json`, `text`
    /// or `base64`, by content; nil for an empty body. Content that a fixture would read as a template (`{{`) is
    /// stored as `base64`.
    private static func bodyForm(
        _ body: [UInt8],
        contentType: String?,
        rules: RecordingRules,
        secrets: SecretIndex,
        graphQL: Bool
    ) -> JSONNode.Member? {
        guard !body.isEmpty else { return nil }
        let type = contentType?.lowercased() ?? ""
        let isJSON = type.contains("json") || type.isEmpty
        if isJSON, let json = try? JSONParser.parse(body), json.isContainer {
            let redacted = rules.redactor.redact(json, secrets: secrets)
            if !redacted.containsTemplateMarker {
                if graphQL, redacted.isGraphQLResponse { return RecordedMatch.member("graphql", redacted.value) }
                if let envelope = envelope(redacted, format: rules.envelope) {
                    return RecordedMatch.member("envelope", envelope.value)
                }
                return RecordedMatch.member("json", redacted.value)
            }
        } else if isText(type), let text = String(bytes: body, encoding: .utf8), !text.contains("{{"),
            !text.utf8.contains(0)
        {
            return RecordedMatch.member("text", .string(text))
        }
        return RecordedMatch.member("base64", .string(Data(body).base64EncodedString()))
    }

    /// `text` when the body is UTF-8 that a fixture serves as it is (no template marker, no NUL), else `base64`: either
    /// replays every byte.
    private static func exactBodyForm(_ body: [UInt8]) -> JSONNode.Member? {
        guard !body.isEmpty else { return nil }
        if let text = String(bytes: body, encoding: .utf8), !text.contains("{{"), !text.utf8.contains(0) {
            return RecordedMatch.member("text", .string(text))
        }
        return RecordedMatch.member("base64", .string(Data(body).base64EncodedString()))
    }

    private static func isText(_ type: String) -> Bool {
        type.isEmpty || type.hasPrefix("text/") || type.contains("json") || type.contains("xml")
            || type.contains("javascript") || type.contains("x-www-form-urlencoded")
    }

    /// The envelope's `code`, `message` and `data` when `node` is an object with a number code and a string
    /// message under the project's key names and nothing but the four envelope keys.
    private static func envelope(_ node: JSONNode, format: EnvelopeFormat) -> JSONNode? {
        guard case .object(let members) = node.value,
            case .number = node[format.codeKey]?.value,
            node[format.messageKey]?.stringValue != nil
        else { return nil }
        let keys: Set = [format.codeKey, format.messageKey, format.dataKey, format.requestIdKey]
        guard members.allSatisfy({ keys.contains($0.key) }), Set(members.map(\.key)).count == members.count else {
            return nil
        }
        var kept = [
            RecordedMatch.member("code", node[format.codeKey]!.value),
            RecordedMatch.member("message", node[format.messageKey]!.value),
        ]
        if let data = node[format.dataKey] { kept.append(JSONNode.Member(key: "data", value: data)) }
        return JSONNode(.object(kept))
    }
}

extension JSONNode {
    /// The value pretty-printed, as recorded files hold it.
    package var prettyBytes: [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.writePretty(self, into: &bytes)
        return bytes
    }

    /// Whether any string or key holds `{{`, which a fixture would compile as a template.
    var containsTemplateMarker: Bool {
        switch value {
        case .string(let string): string.contains("{{")
        case .array(let elements): elements.contains { $0.containsTemplateMarker }
        case .object(let members): members.contains { $0.key.contains("{{") || $0.value.containsTemplateMarker }
        default: false
        }
    }
}
