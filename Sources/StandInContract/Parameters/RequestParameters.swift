import StandInSupport

/// The parameters a request sends, read once per request and then looked up per declared parameter: the query
/// split into its fields, the cookies, the path's captures and the headers.
struct RequestParameters {
    /// One `name=value` field of the query, its name decoded, its value as sent.
    struct Field {
        let name: String
        let raw: Substring
    }

    /// The query's fields in order.
    let query: [Field]
    /// The cookies sent, in order.
    let cookies: [(name: String, value: String)]
    /// The path parameters the template captured, by name.
    let path: [String: String]
    /// A request header's first value.
    let header: (String) -> String?
    /// The names of the operation's query parameters, which an exploded object parameter does not claim.
    let declaredQueryNames: Set<String>

    /// The value the request sends for `parameter`, split by its style; nil when it does not send it.
    func value(of parameter: ContractParameter) -> TextValue? {
        switch parameter.location {
        case .query: queryValue(of: parameter)
        case .path: path[parameter.name].map { pathValue($0, of: parameter) }
        case .header: header(parameter.name).map { Self.delimited($0, by: ",", of: parameter, trimming: true) }
        case .cookie: cookieValue(of: parameter)
        case .body, .response: nil
        }
    }

    private func queryValue(of parameter: ContractParameter) -> TextValue? {
        let name = parameter.name
        if parameter.isJSON || !(parameter.shape.isArray || parameter.shape.isObject) {
            return query.first { $0.name == name }.map { .single(Self.decoded($0.raw)) }
        }
        if parameter.shape.isObject, parameter.style == .deepObject {
            let pairs = query.compactMap { field -> (key: String, value: String)? in
                guard field.name.hasPrefix(name + "["), field.name.hasSuffix("]") else { return nil }
                let key = field.name.dropFirst(name.count + 1).dropLast()
                return (String(key), Self.decoded(field.raw))
            }
            return pairs.isEmpty ? nil : .pairs(pairs)
        }
        if parameter.explode {
            if case .object(let properties, _) = parameter.shape {
                let pairs = query.compactMap { field -> (key: String, value: String)? in
                    let claimed =
                        properties.isEmpty ? !declaredQueryNames.contains(field.name) : properties[field.name] != nil
                    return claimed ? (field.name, Self.decoded(field.raw)) : nil
                }
                return pairs.isEmpty ? nil : .pairs(pairs)
            }
            let values = query.filter { $0.name == name }.map { Self.decoded($0.raw) }
            return values.isEmpty ? nil : .list(values)
        }
        guard let field = query.first(where: { $0.name == name }) else { return nil }
        let parts: [String]
        switch parameter.style {
        case .spaceDelimited: parts = Self.split(Self.decoded(field.raw), by: " ")
        case .pipeDelimited: parts = Self.split(Self.decoded(field.raw), by: "|")
        default:
            parts =
                field.raw.isEmpty
                ? [] : field.raw.split(separator: ",", omittingEmptySubsequences: false).map(Self.decoded)
        }
        return parameter.shape.isObject ? .pairs(Self.paired(parts)) : .list(parts)
    }

    private func pathValue(_ text: String, of parameter: ContractParameter) -> TextValue {
        switch parameter.style {
        case .label:
            let body = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return Self.delimited(body, by: parameter.explode ? "." : ",", of: parameter, trimming: false)
        case .matrix:
            let prefix = ";" + parameter.name + "="
            if parameter.explode, parameter.shape.isArray {
                let values = text.split(separator: ";").map {
                    $0.hasPrefix(parameter.name + "=") ? String($0.dropFirst(parameter.name.count + 1)) : String($0)
                }
                return .list(values)
            }
            if parameter.explode, parameter.shape.isObject {
                return .pairs(text.split(separator: ";").map { Self.keyValue($0, separator: "=") })
            }
            let body = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            return Self.delimited(body, by: ",", of: parameter, trimming: false)
        default:
            return Self.delimited(text, by: ",", of: parameter, trimming: false)
        }
    }

    private func cookieValue(of parameter: ContractParameter) -> TextValue? {
        let name = parameter.name
        if parameter.isJSON || !(parameter.shape.isArray || parameter.shape.isObject) {
            return cookies.first { $0.name == name }.map { .single($0.value) }
        }
        if parameter.explode {
            if case .object(let properties, _) = parameter.shape {
                let pairs = cookies.filter { properties[$0.name] != nil }.map { (key: $0.name, value: $0.value) }
                return pairs.isEmpty ? nil : .pairs(pairs)
            }
            let values = cookies.filter { $0.name == name }.map(\.value)
            return values.isEmpty ? nil : .list(values)
        }
        guard let cookie = cookies.first(where: { $0.name == name }) else { return nil }
        return Self.delimited(cookie.value, by: ",", of: parameter, trimming: false)
    }

    /// `text` split at `delimiter` as `simple` writes arrays and objects: `k,v,k,v`, or `k=v,k=v` when exploded.
    private static func delimited(
        _ text: String,
        by delimiter: Character,
        of parameter: ContractParameter,
        trimming: Bool
    ) -> TextValue {
        guard !parameter.isJSON, parameter.shape.isArray || parameter.shape.isObject else { return .single(text) }
        var parts = split(text, by: delimiter)
        if trimming { parts = parts.map { String($0.trimmingWhitespace) } }
        guard parameter.shape.isObject else { return .list(parts) }
        if parameter.explode { return .pairs(parts.map { keyValue(Substring($0), separator: "=") }) }
        return .pairs(paired(parts))
    }

    private static func split(_ text: String, by delimiter: Character) -> [String] {
        text.isEmpty ? [] : text.split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)
    }

    /// `[k, v, k, v]` as pairs; a last key without a value gets an empty one.
    private static func paired(_ parts: [String]) -> [(key: String, value: String)] {
        stride(from: 0, to: parts.count, by: 2).map { index in
            (parts[index], index + 1 < parts.count ? parts[index + 1] : "")
        }
    }

    private static func keyValue(_ part: Substring, separator: Character) -> (key: String, value: String) {
        guard let equals = part.firstIndex(of: separator) else { return (String(part), "") }
        return (String(part[..<equals]), String(part[part.index(after: equals)...]))
    }

    private static func decoded(_ raw: Substring) -> String {
        PercentDecoding.decode(raw, plusAsSpace: true)
    }
}

extension RequestParameters {
    /// The fields of a query string (or a form body): `&`-separated, each name decoded, empty fields skipped.
    static func fields(of query: Substring?) -> [Field] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { field in
            guard let equals = field.firstIndex(of: "=") else { return Field(name: decoded(field), raw: "") }
            return Field(name: decoded(field[..<equals]), raw: field[field.index(after: equals)...])
        }
    }

    /// The cookies of a `Cookie` header: `a=1; b=2`.
    static func cookies(of header: String?) -> [(name: String, value: String)] {
        guard let header else { return [] }
        return header.split(separator: ";").compactMap { part in
            let pair = keyValue(part.trimmingWhitespace, separator: "=")
            return pair.key.isEmpty ? nil : (name: pair.key, value: pair.value)
        }
    }
}
