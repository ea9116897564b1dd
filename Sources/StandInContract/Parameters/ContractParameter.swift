import StandInFixtures

/// One parameter of an operation: where it is sent, how it is serialized, and its compiled schema.
struct ContractParameter: Sendable {
    /// How a parameter's array or object is written in text (OpenAPI's `style`).
    enum Style: String, Sendable {
        /// `?ids=1&ids=2` (exploded) or `?ids=1,2`; the default for query and cookie parameters.
        case form
        /// `1,2`; the default for path and header parameters.
        case simple
        /// `.1.2` or `.1,2` in a path.
        case label
        /// `;ids=1;ids=2` or `;ids=1,2` in a path.
        case matrix
        /// `?ids=1%202`.
        case spaceDelimited
        /// `?ids=1|2`.
        case pipeDelimited
        /// `?filter[color]=red`.
        case deepObject
    }

    /// The parameter's name as sent (matched case-insensitively for headers).
    let name: String
    /// Where it is sent.
    let location: ContractViolation.Location
    /// Whether a request must send it (always for a path parameter).
    let required: Bool
    /// How its value is written.
    let style: Style
    /// Whether arrays and objects are written as separate parameters or members.
    let explode: Bool
    /// Whether an empty value (`?flag=`) is accepted as it is, without checking it against the schema.
    let allowEmptyValue: Bool
    /// The type the text is coerced to.
    let shape: ValueShape
    /// The compiled schema, when there is one.
    let schema: JSONSchema?
    /// Whether the value is a JSON document (`content: application/json`) rather than styled text.
    let isJSON: Bool

    /// `/limit`: the pointer of the parameter's value, which violations inside it extend.
    var pointer: String { "/" + ContractPointer.escaped(name) }

    /// Every way `value` (nil when the request does not send the parameter) breaks the parameter.
    func violations(of value: TextValue?) -> [ContractViolation] {
        guard let value else {
            guard required else { return [] }
            return [
                ContractViolation(
                    location: location,
                    pointer: pointer,
                    rule: "required",
                    message: "the required \(location.rawValue) parameter \(name.quotedForMessage) is missing"
                )
            ]
        }
        if allowEmptyValue, case .single(let text) = value, text.isEmpty { return [] }
        let instance: JSONNode
        if isJSON {
            guard case .single(let text) = value else { return [] }
            do {
                instance = try JSONParser.parse(text)
            } catch {
                return [violation(rule: "json", message: "the value is not JSON: \(error.reason)")]
            }
        } else {
            switch value.coerced(to: shape) {
            case .success(let node): instance = node
            case .failure(let failure):
                return [violation(rule: "type", message: failure.message, below: failure.pointer)]
            }
        }
        guard let schema else { return [] }
        return schema.violations(of: instance, direction: .request).map { found in
            violation(rule: found.keyword, message: found.message, below: found.pointer)
        }
    }

    private func violation(rule: String, message: String, below: String = "") -> ContractViolation {
        ContractViolation(location: location, pointer: pointer + below, rule: rule, message: message)
    }
}
