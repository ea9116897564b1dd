import StandInFixtures
import StandInSupport

/// An operation's `requestBody`: whether it is required and the media types it accepts.
struct ContractRequestBody: Sendable {
    /// Whether a request must carry a body.
    let required: Bool
    /// The media types listed under `content`, in the order written.
    let content: [ContractMediaType]

    /// Every way `request`'s body breaks this description: missing when required, a content type not listed, JSON
    /// that does not parse or breaks the schema, a form whose fields do.
    func violations<Request: IncomingRequest>(of request: Request) -> [ContractViolation] {
        let body = request.body
        guard !body.isEmpty else {
            guard required else { return [] }
            return [Self.violation("", rule: "required", "the request body is required")]
        }
        guard !content.isEmpty else { return [] }
        guard let written = request.header(named: "Content-Type") else {
            return [
                Self.violation(
                    "",
                    rule: "contentType",
                    "the request has a body but no Content-Type; the spec lists \(ContractMediaType.listed(content))"
                )
            ]
        }
        guard let actual = MediaRange(written), let entry = ContractMediaType.best(for: actual, in: content) else {
            return [
                Self.violation(
                    "",
                    rule: "contentType",
                    "Content-Type \(written.quotedForMessage) is not one the spec lists for this request: "
                        + ContractMediaType.listed(content)
                )
            ]
        }
        if actual.isJSON, let schema = entry.schema,
            body.withUnsafeBufferPointer({ schema.scannedVerdict(on: $0, direction: .request) }) == true
        {
            return []
        }
        let instance: JSONNode
        if actual.isJSON {
            do {
                instance = try JSONParser.parse(body)
            } catch {
                return [Self.violation("", rule: "json", "the body is not JSON: \(error)")]
            }
        } else if actual.isForm {
            switch Self.form(body, shape: entry.shape) {
            case .success(let node): instance = node
            case .failure(let failure):
                return [Self.violation(failure.pointer, rule: "type", failure.message)]
            }
        } else {
            return []
        }
        guard let schema = entry.schema else { return [] }
        return schema.violations(of: instance, direction: .request).map {
            Self.violation($0.pointer, rule: $0.keyword, $0.message)
        }
    }

    /// A form body as an object: a field the schema types as an array collects every value sent for it, other
    /// fields keep their first value; each is coerced to its property's type.
    static func form(_ body: [UInt8], shape: ValueShape) -> Result<JSONNode, CoercionFailure> {
        let text = String(decoding: body, as: UTF8.self)
        var order: [String] = []
        var values: [String: [String]] = [:]
        for field in RequestParameters.fields(of: text[...]) {
            if values[field.name] == nil { order.append(field.name) }
            values[field.name, default: []].append(PercentDecoding.decode(field.raw, plusAsSpace: true))
        }
        var members: [JSONNode.Member] = []
        for name in order {
            let fieldShape = shape.member(name)
            let sent = values[name] ?? []
            let value: TextValue = fieldShape.isArray ? .list(sent) : .single(sent.first ?? "")
            switch value.coerced(to: fieldShape) {
            case .success(let node): members.append(JSONNode.Member(key: name, value: node))
            case .failure(let failure):
                return .failure(
                    CoercionFailure(
                        pointer: "/" + ContractPointer.escaped(name) + failure.pointer,
                        message: failure.message
                    )
                )
            }
        }
        return .success(JSONNode(.object(members)))
    }

    private static func violation(_ pointer: String, rule: String, _ message: String) -> ContractViolation {
        ContractViolation(location: .body, pointer: pointer, rule: rule, message: message)
    }
}
