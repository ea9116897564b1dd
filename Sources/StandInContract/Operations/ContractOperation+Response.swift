import StandInFixtures

extension ContractOperation {
    /// Every way a response with `status`, `contentType` and `body` breaks the operation: a status the spec does not
    /// list, a content type it does not list for that status, a JSON body against the schema. Empty when it
    /// conforms.
    public func responseViolations(status: Int, contentType: String?, body: [UInt8]) -> [ContractViolation] {
        guard !body.isEmpty else { return responseViolations(status: status, contentType: contentType, json: nil) }
        let range = contentType.flatMap { MediaRange($0) }
        guard let range, range.isJSON else {
            return responseViolations(status: status, contentType: contentType, hasBody: true, json: nil)
        }
        if let schema = responseSchema(status: status, range: range),
            body.withUnsafeBufferPointer({ schema.scannedVerdict(on: $0, direction: .response) }) == true
        {
            return []
        }
        do {
            let json = try JSONParser.parse(body)
            return responseViolations(status: status, contentType: contentType, json: json)
        } catch {
            var violations = responseViolations(status: status, contentType: contentType, hasBody: true, json: nil)
            if violations.isEmpty, entry(for: status).map({ !responseContent[$0].isEmpty }) == true {
                violations.append(
                    ContractViolation(
                        location: .response,
                        pointer: "",
                        rule: "json",
                        message: "the body is not JSON: \(error)"
                    )
                )
            }
            return violations
        }
    }

    /// As `responseViolations(status:contentType:body:)`, for a body already parsed (a fixture's, whose lines the
    /// caller maps the violations' pointers to); nil for a response without a body.
    public func responseViolations(status: Int, contentType: String?, json: JSONNode?) -> [ContractViolation] {
        responseViolations(status: status, contentType: contentType, hasBody: json != nil, json: json)
    }

    /// The index in `responses` of the entry that describes `status`: the status itself, then its range, then
    /// `default`.
    func entry(for status: Int) -> Int? {
        var best: (index: Int, precedence: Int)?
        for (index, response) in responses.enumerated() {
            guard let precedence = response.precedence(for: status) else { continue }
            if let current = best, current.precedence >= precedence { continue }
            best = (index, precedence)
        }
        return best?.index
    }

    /// The schema of a body with `status` and a content type of `range`, when the spec lists both and gives one.
    private func responseSchema(status: Int, range: MediaRange) -> JSONSchema? {
        guard let index = entry(for: status) else { return nil }
        return ContractMediaType.best(for: range, in: responseContent[index])?.schema
    }

    private func responseViolations(
        status: Int,
        contentType: String?,
        hasBody: Bool,
        json: JSONNode?
    ) -> [ContractViolation] {
        guard let index = entry(for: status) else {
            let listed = responses.map(\.status).joined(separator: ", ")
            return [
                Self.violation(
                    "",
                    rule: "status",
                    "status \(status) is not one the spec lists for \(method) \(path)"
                        + (listed.isEmpty ? "" : ": \(listed)")
                )
            ]
        }
        let content = responseContent[index]
        guard hasBody, !content.isEmpty else { return [] }
        guard let contentType else {
            return [
                Self.violation(
                    "",
                    rule: "contentType",
                    "the response has a body but no Content-Type; the spec lists \(ContractMediaType.listed(content))"
                )
            ]
        }
        guard let actual = MediaRange(contentType), let entry = ContractMediaType.best(for: actual, in: content) else {
            return [
                Self.violation(
                    "",
                    rule: "contentType",
                    "Content-Type \(contentType.quotedForMessage) is not one the spec lists for status "
                        + "\(responses[index].status): \(ContractMediaType.listed(content))"
                )
            ]
        }
        guard let json, actual.isJSON, let schema = entry.schema else { return [] }
        return schema.violations(of: json, direction: .response).map {
            Self.violation($0.pointer, rule: $0.keyword, $0.message)
        }
    }

    private static func violation(_ pointer: String, rule: String, _ message: String) -> ContractViolation {
        ContractViolation(location: .response, pointer: pointer, rule: rule, message: message)
    }
}
