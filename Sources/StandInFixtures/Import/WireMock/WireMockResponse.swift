import Foundation

/// A WireMock stub's `response` as one StandIn response: status, headers, the body (`body`, `jsonBody`,
/// `base64Body`, or `bodyFileName` from `__files/`), the delay and the fault. Secrets are redacted as the recorder
/// redacts them.
struct WireMockResponse {
    /// The response keys carried over; any other key is warned about.
    static let knownKeys: Set<String> = [
        "status", "headers", "body", "jsonBody", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        "delayDistribution", "fault",
    ]
    /// WireMock's faults, by the StandIn fault that comes nearest.
    static let faults = [
        "CONNECTION_RESET_BY_PEER": "connection-reset", "EMPTY_RESPONSE": "empty-response",
        "MALFORMED_RESPONSE_CHUNK": "malformed-body", "RANDOM_DATA_THEN_CLOSE": "malformed-body",
    ]
    /// Where body files go, under the import's folder (a folder the loader skips).
    static let filesFolder = "_files"

    /// Status, headers, body form (unless the body is a file), delay and fault, in that order.
    private let members: [JSONNode.Member]
    /// A body read from `__files/`, and the name it is written under in ``filesFolder``.
    let bodyFile: (name: String, bytes: [UInt8])?

    /// Reads `response`; `files` is the `__files` folder beside the mappings.
    init(
        _ response: JSONNode?,
        source: String,
        files: URL,
        redactor: Redactor,
        secrets: [String],
        warnings: inout [ImportWarning]
    ) {
        func warn(_ field: String, _ reason: String) {
            warnings.append(ImportWarning(source: source, field: "response.\(field)", reason: reason))
        }
        var members: [JSONNode.Member] = []
        if let status = response?["status"]?.intValue, status != 200 {
            members.append(RecordedMatch.member("status", .number(String(status))))
        }
        let headers = Self.headers(response?["headers"], redactor: redactor, secrets: secrets)
        if !headers.isEmpty { members.append(RecordedMatch.member("headers", .object(headers))) }
        var bodyFile: (name: String, bytes: [UInt8])?
        if let text = response?["body"]?.stringValue {
            members.append(Self.bodyForm(redactor.redactBody(Array(text.utf8), secrets: secrets), asText: true))
        } else if let json = response?["jsonBody"] {
            let redacted = redactor.redact(json, secrets: secrets)
            members.append(
                redacted.containsTemplateMarker
                    ? Self.bodyForm(redacted.compactBytes, asText: false)
                    : RecordedMatch.member("json", redacted.value)
            )
        } else if let base64 = response?["base64Body"]?.stringValue {
            if let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) {
                members.append(Self.bodyForm(Redactor.replace(secrets, in: Array(data)), asText: false))
            } else {
                warn("base64Body", "it is not valid base64, so the fixture answers with no body.")
            }
        } else if let name = response?["bodyFileName"]?.stringValue {
            switch Self.read(name, in: files) {
            case .success(let bytes): bodyFile = (name, redactor.redactBody(bytes, secrets: secrets))
            case .failure(let why): warn("bodyFileName", "\(why.reason), so the fixture answers with no body.")
            }
        }
        self.bodyFile = bodyFile
        if let delay = Self.delay(response, warn: warn) { members.append(RecordedMatch.member("delay", delay)) }
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

    /// `text` for UTF-8 that a fixture serves as it is (no template marker, no NUL), else `base64`.
    private static func bodyForm(_ bytes: [UInt8], asText: Bool) -> JSONNode.Member {
        if asText, let text = String(bytes: bytes, encoding: .utf8), !text.contains("{{"), !text.utf8.contains(0) {
            return RecordedMatch.member("text", .string(text))
        }
        return RecordedMatch.member("base64", .string(Data(bytes).base64EncodedString()))
    }

    /// The headers without secret ones, each value of a list as its own header.
    private static func headers(_ node: JSONNode?, redactor: Redactor, secrets: [String]) -> [JSONNode.Member] {
        guard case .object(let members) = node?.value else { return [] }
        let pairs = members.flatMap { member -> [(name: String, value: String)] in
            if case .array(let values) = member.value.value { return values.map { (member.key, $0.textValue) } }
            return [(member.key, member.value.textValue)]
        }
        return redactor.keptHeaders(pairs, secrets: secrets).map { RecordedMatch.member($0.name, .string($0.value)) }
    }

    /// `fixedDelayMilliseconds`, or a `uniform`, `lognormal` or `fixed` `delayDistribution`, as a fixture's `delay`.
    private static func delay(_ response: JSONNode?, warn: (String, String) -> Void) -> JSONNode.Value? {
        let milliseconds = { (value: Double) in "\(Int(value.rounded()))ms" }
        var delay: JSONNode.Value?
        if let fixed = response?["fixedDelayMilliseconds"]?.doubleValue {
            delay = .string(milliseconds(fixed))
        } else if let distribution = response?["delayDistribution"] {
            switch distribution["type"]?.stringValue {
            case "uniform":
                if let lower = distribution["lower"]?.doubleValue, let upper = distribution["upper"]?.doubleValue {
                    delay = .object([
                        RecordedMatch.member("min", .string(milliseconds(lower))),
                        RecordedMatch.member("max", .string(milliseconds(upper))),
                    ])
                }
            case "lognormal":
                if let median = distribution["median"]?.doubleValue, let sigma = distribution["sigma"]?.doubleValue {
                    // The 99th percentile of a log-normal lies 2.326 standard deviations above the median's log.
                    delay = .object([
                        RecordedMatch.member("median", .string(milliseconds(median))),
                        RecordedMatch.member("p99", .string(milliseconds(median * exp(2.326 * sigma)))),
                    ])
                }
            case "fixed":
                delay = distribution["milliseconds"]?.doubleValue.map { .string(milliseconds($0)) }
            default:
                break
            }
            if delay == nil { warn("delayDistribution", "StandIn has no delay like this one, so it answers at once.") }
        }
        if let delay, (try? DelaySpec(json: JSONNode(delay))) == nil {
            warn("fixedDelayMilliseconds", "the delay is beyond what StandIn allows, so it answers at once.")
            return nil
        }
        return delay
    }

    /// The bytes of `name` in `files`; a name that climbs out of `files`, or leads out of it through a symbolic
    /// link (to a file or a folder), is refused: its real path is compared, as the loader does for `file` bodies.
    private static func read(_ name: String, in files: URL) -> Result<[UInt8], WireMockMatcher.Unsupported> {
        let root = files.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let url = files.appendingPathComponent(name).standardizedFileURL.resolvingSymlinksInPath()
        guard !name.hasPrefix("/"), url.path.hasPrefix(root) else {
            return .failure(.init("\(name.quoted) is outside __files"))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.init("\(name.quoted) cannot be read in \(files.lastPathComponent)"))
        }
        return .success(Array(data))
    }
}
