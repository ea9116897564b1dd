import StandInSupport

extension Redactor {
    /// Every secret value one exchange carries, longest first: the secret headers' values (both ways), the values of
    /// secret-named query parameters, form parameters and JSON members in the request and the response (a login's
    /// answer names its token), and the literals a GraphQL document gives secret-named arguments. Empty when secrets
    /// are kept.
    public func secrets(in exchange: RecordedExchange) -> [String] {
        guard !keepsSecrets else { return [] }
        var found = secrets(in: exchange.requestHeaders + exchange.responseHeaders)
        found += secretValues(inQuery: Substring(exchange.rawQuery ?? ""))
        found += secretValues(inBody: exchange.requestBody, contentType: exchange.requestHeader(named: "Content-Type"))
        found += secretValues(
            inBody: exchange.responseBody,
            contentType: exchange.responseHeader(named: "Content-Type")
        )
        found += secretValues(inGraphQL: exchange)
        return Self.searchable(found)
    }

    /// The exchange's path with its secret values replaced, for logs.
    public func redactPath(of exchange: RecordedExchange) -> String {
        Self.replace(secrets(in: exchange), in: exchange.path)
    }

    /// A raw query string as logs keep it: secret-named parameters' values and `secrets` replaced.
    public func redactQuery(_ query: Substring, secrets: [String]) -> String {
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, isSecret(name: PercentDecoding.decode(parts[0], plusAsSpace: true)) else {
                return String(pair)
            }
            return "\(parts[0])=\(Self.placeholder)"
        }
        return Self.replace(secrets, in: pairs.joined(separator: "&"))
    }

    /// The values of secret-named parameters in a query string or form body, both as sent and percent-decoded; and
    /// of secret-named members of a parameter that holds a JSON object or array (a GraphQL GET's `variables`).
    func secretValues(inQuery query: Substring) -> [String] {
        var values: [String] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            guard isSecret(name: PercentDecoding.decode(parts[0], plusAsSpace: true)) else {
                values += secretValues(inJSONText: PercentDecoding.decode(parts[1], plusAsSpace: true))
                continue
            }
            values.append(String(parts[1]))
            values.append(PercentDecoding.decode(parts[1], plusAsSpace: true))
        }
        return values
    }

    /// The values of secret-named members of `text` when it is a JSON object or array.
    private func secretValues(inJSONText text: String) -> [String] {
        guard let first = text.utf8.first(where: { $0 != UInt8(ascii: " ") }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let json = try? JSONParser.parse(Array(text.utf8))
        else { return [] }
        return secretValues(in: json, named: false)
    }

    /// The values of secret-named members of a JSON body (or of an event stream's JSON data), or parameters of a form
    /// body.
    func secretValues(inBody body: [UInt8], contentType: String?) -> [String] {
        guard !body.isEmpty else { return [] }
        if contentType?.lowercased().contains("x-www-form-urlencoded") == true {
            return secretValues(inQuery: Substring(decoding: body, as: UTF8.self))
        }
        if EventStreamMediaType.matches(contentType) {
            // Each event's data on its own, however malformed the stream: it hands out a token as a JSON answer does.
            let data = EventStreamFields.dataValues(in: body)
            return data.flatMap { (try? JSONParser.parse($0)).map { secretValues(in: $0, named: false) } ?? [] }
        }
        guard let json = try? JSONParser.parse(body) else { return [] }
        return secretValues(in: json, named: false)
    }

    /// The strings and number literals under secret-named members of `node` (all of them when `named`).
    private func secretValues(in node: JSONNode, named: Bool) -> [String] {
        switch node.value {
        case .string(let string): named ? [string] : []
        case .number(let literal): named ? [literal] : []
        case .array(let elements): elements.flatMap { secretValues(in: $0, named: named) }
        case .object(let members):
            members.flatMap { secretValues(in: $0.value, named: named || isSecret(name: $0.key)) }
        default: []
        }
    }
}
