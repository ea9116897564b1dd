import Foundation
import StandInFixtures
import StandInSupport

/// A stub's `response` as one StandIn response: status, headers, the body (`WireMockBody`), the delay and the fault,
/// with the templates of headers and body rewritten as StandIn's. Secrets are redacted as the recorder redacts them.
struct WireMockResponse {
    /// The response keys carried over or without meaning for a replay; any other key is warned about.
    static let knownKeys: Set<String> = [
        "status", "headers", "body", "jsonBody", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        "delayDistribution", "fault", "transformers",
    ]
    /// WireMock's faults, by the StandIn fault that comes nearest.
    static let faults = [
        "CONNECTION_RESET_BY_PEER": "connection-reset", "EMPTY_RESPONSE": "empty-response",
        "MALFORMED_RESPONSE_CHUNK": "malformed-body", "RANDOM_DATA_THEN_CLOSE": "malformed-body",
    ]
    /// Where body files go, under the import's folder (a folder the loader skips).
    static let filesFolder = "_files"
    /// The transformer that reads templates, which StandIn reads in every stub.
    static let templating = "response-template"

    /// Status, headers, body form (unless the body is a file), delay and fault, in that order.
    private let members: [JSONNode.Member]
    /// A body read from `__files/`, and the name it is written under in ``filesFolder``.
    let bodyFile: (name: String, bytes: [UInt8])?

    /// Reads `response`; `files` is the `__files` folder beside the mappings. Nil, with a warning, when the stub
    /// cannot be answered (a status HTTP does not have).
    init?(
        _ response: JSONNode?,
        source: String,
        files: URL,
        redactor: Redactor,
        secrets: [String],
        templates: inout WireMockTemplates,
        warnings: inout [ImportWarning]
    ) {
        func warn(_ field: String, _ reason: String) {
            warnings.append(ImportWarning(source: source, field: "response.\(field)", reason: reason))
        }
        var members: [JSONNode.Member] = []
        let status = response?["status"].map { $0.intValue ?? 0 } ?? 200
        guard (100...599).contains(status) else {
            let written = response?["status"]?.textValue ?? ""
            warn("status", "\(written) is not an HTTP status (100 to 599), so the stub is left out.")
            return nil
        }
        if status != 200 { members.append(RecordedMatch.member("status", .number(String(status)))) }
        var body = WireMockBody(
            response,
            files: files,
            redactor: redactor,
            secrets: secrets,
            templates: &templates,
            warn: warn
        )
        if BodilessResponse.status(status), !body.isEmpty {
            warn("body", "a \(status) response has no body, so the body is left out.")
            body.removeAll()
        }
        var headers = Self.headers(response?["headers"], redactor: redactor, secrets: secrets, warn: warn)
            .map { header in
                let result = templates.translate(header.value)
                WireMockTemplates.report(result) { warn("headers.\(header.name)", $0) }
                return RecordedMatch.member(header.name, .string(result.text))
            }
        if let contentType = body.fileContentType,
            !headers.contains(where: { $0.key.lowercased() == "content-type" })
        {
            headers.append(RecordedMatch.member("Content-Type", .string(contentType)))
        }
        if !headers.isEmpty { members.append(RecordedMatch.member("headers", .object(headers))) }
        if let member = body.member { members.append(member) }
        bodyFile = body.file
        if let delay = WireMockDelay.from(response, warn: warn) { members.append(RecordedMatch.member("delay", delay)) }
        if let fault = response?["fault"]?.stringValue {
            if let standIn = Self.faults[fault] {
                members.append(RecordedMatch.member("fault", .string(standIn)))
                if fault == "RANDOM_DATA_THEN_CLOSE" {
                    warn("fault", "StandIn sends a body cut short (malformed-body) instead of random data.")
                }
            } else {
                warn("fault", "StandIn has no fault like \(fault.quoted), so it answers normally.")
            }
        }
        if case .array(let transformers) = response?["transformers"]?.value {
            for name in transformers.map(\.textValue) where name != Self.templating {
                warn("transformers", "StandIn has no transformer like \(name.quoted), so it is not applied.")
            }
        }
        if case .object(let all) = response?.value {
            for member in all where !Self.knownKeys.contains(member.key) {
                warn(member.key, "StandIn has no equal for \(member.key.quoted), so it is not carried over.")
            }
        }
        self.members = members
    }

    /// The response object for a fixture `depth` folders below the import's folder.
    func node(depth: Int) -> JSONNode {
        guard let bodyFile else { return JSONNode(.object(members)) }
        let path = String(repeating: "../", count: depth) + Self.filesFolder + "/" + bodyFile.name
        let file = RecordedMatch.member("file", .string(path))
        var members = members
        members.insert(file, at: members.firstIndex { $0.key == "delay" || $0.key == "fault" } ?? members.endIndex)
        return JSONNode(.object(members))
    }

    /// The headers without secret ones, each value of a list as its own header; one that HTTP cannot carry (a line
    /// break or a control character in its value, a name that is not a token) is left out with a warning.
    private static func headers(
        _ node: JSONNode?,
        redactor: Redactor,
        secrets: [String],
        warn: (String, String) -> Void
    ) -> [(name: String, value: String)] {
        guard case .object(let members) = node?.value else { return [] }
        let pairs = members.flatMap { member -> [(name: String, value: String)] in
            if case .array(let values) = member.value.value { return values.map { (member.key, $0.textValue) } }
            return [(member.key, member.value.textValue)]
        }
        return redactor.keptHeaders(pairs, secrets: secrets).filter { header in
            do throws(FixtureError) {
                try HeaderSyntax.validate(name: header.name, value: header.value, line: 0)
                return true
            } catch {
                warn("headers.\(header.name)", "\(error.reason), so the header is left out.")
                return false
            }
        }
    }
}
