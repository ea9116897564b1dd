import Foundation
import StandInFixtures
import StandInSupport

/// One response of an operation as fixture responses: its status, its headers, and one answer per named example
/// (the first one also stands for the status code itself), else one answer with the `example` or a body sampled
/// from the schema.
struct SpecResponse {
    /// One way the response is served: the example's name, if it has one, and the fixture's response object.
    struct Answer {
        let example: String?
        let response: JSONNode
    }

    /// Header names a fixture does not set from a spec: the server frames the body itself.
    private static let framingHeaders: Set = ["content-type", "content-length", "transfer-encoding", "connection"]

    let status: Int
    /// The answers, never empty.
    let answers: [Answer]

    /// Reads `response` (its `$ref` already followed), found at `location` (`paths./pets.get.responses.200`).
    init(_ response: JSONNode, status: Int, at location: String, sampler: SchemaSampler) {
        self.status = status
        let headers = Self.headers(of: response, at: location, sampler: sampler)
        guard let (mediaType, media) = Self.chosenContent(of: response), !BodilessResponse.status(status) else {
            if BodilessResponse.status(status), response["content"]?.members.isEmpty == false {
                sampler.warnings.add(location, "a \(status) response has no body; its content is left out")
            }
            answers = [Answer(example: nil, response: Self.object(status: status, headers: headers, body: nil))]
            return
        }
        let place = "\(location).content.\(mediaType)"
        let isJSON = mediaType.contains("json") || mediaType == "*/*"
        let answers = Self.bodies(of: media, at: place, sampler: sampler).map { example, body in
            let member = Self.bodyMember(body, isJSON: isJSON, at: place, sampler)
            let typed =
                mediaType == "application/json" && member?.0 != "base64"
                ? headers : [("Content-Type", JSONNode(.string(mediaType)))] + headers
            return Answer(example: example, response: Self.object(status: status, headers: typed, body: member))
        }
        self.answers =
            answers.isEmpty
            ? [Answer(example: nil, response: Self.object(status: status, headers: headers, body: nil))] : answers
    }

    /// A fixture response object: `status`, `headers` when there are any, and the body member when there is one.
    private static func object(status: Int, headers: [(String, JSONNode)], body: (String, JSONNode)?) -> JSONNode {
        var members: [(String, JSONNode)] = [("status", JSONNode(.number(String(status))))]
        if !headers.isEmpty { members.append(("headers", .object(headers))) }
        if let body { members.append(body) }
        return .object(members)
    }

    /// The media type to serve: JSON first (`application/json`, then any `…json…`), else the first one listed.
    private static func chosenContent(of response: JSONNode) -> (String, JSONNode)? {
        let content = response["content"]?.members ?? []
        let chosen =
            content.first { $0.key.lowercased().hasPrefix("application/json") }
            ?? content.first { $0.key.lowercased().contains("json") } ?? content.first
        return chosen.map { ($0.key, $0.value) }
    }

    /// The named `examples` (each `$ref` followed), else the one `example`, else a body sampled from the schema.
    private static func bodies(
        of media: JSONNode,
        at location: String,
        sampler: SchemaSampler
    ) -> [(String?, JSONNode)] {
        var named: [(String?, JSONNode)] = []
        for example in media["examples"]?.members ?? [] {
            let place = "\(location).examples.\(example.key)"
            guard let object = sampler.resolved(example.value, at: place) else { continue }
            guard let value = object["value"] else {
                let reason =
                    object["externalValue"] != nil
                    ? "an example in another file (externalValue) is not fetched" : "the example has no value"
                sampler.warnings.add(place, reason + "; it is left out")
                continue
            }
            named.append((example.key, value))
        }
        if !named.isEmpty { return named }
        if let example = media["example"] { return [(nil, example)] }
        guard let schema = media["schema"] else { return [] }
        return [(nil, sampler.sample(schema, at: "\(location).schema"))]
    }

    /// The body member of a response object: `json` for a JSON media type, `text` for a string in any other, and
    /// none (with a warning) for other values in a media type that is not JSON. A body holding `{{`, which StandIn
    /// would read as a template, is written as `base64` so that it is served exactly as the spec gives it.
    private static func bodyMember(
        _ body: JSONNode,
        isJSON: Bool,
        at location: String,
        _ sampler: SchemaSampler
    ) -> (String, JSONNode)? {
        let bytes: [UInt8]
        let member: (String, JSONNode)
        if isJSON {
            bytes = body.compactBytes
            member = ("json", body)
        } else if case .string(let text) = body.value {
            bytes = Array(text.utf8)
            member = ("text", body)
        } else {
            sampler.warnings.add(
                location,
                "a \(body.typeName) body is only served for JSON media types; the response has none"
            )
            return nil
        }
        guard String(decoding: bytes, as: UTF8.self).contains("{{") else { return member }
        sampler.warnings.add(
            location,
            "the body holds \"{{\", which fixtures read as a template; it is written as base64"
        )
        return ("base64", JSONNode(.string(Data(bytes).base64EncodedString())))
    }

    /// The response's headers with a value each: the header's example, else one sampled from its schema. Headers
    /// that frame the body, and values that are not one line of text, are left out with a warning.
    private static func headers(
        of response: JSONNode,
        at location: String,
        sampler: SchemaSampler
    ) -> [(String, JSONNode)] {
        var headers: [(String, JSONNode)] = []
        for header in response["headers"]?.members ?? [] {
            let place = "\(location).headers.\(header.key)"
            guard !header.key.isEmpty, header.key.utf8.allSatisfy(HTTPToken.isTokenByte) else {
                sampler.warnings.add(place, "\(header.key.quoted) is not a valid header name; it is left out")
                continue
            }
            guard !framingHeaders.contains(header.key.lowercased()) else {
                sampler.warnings.add(place, "the server sets this header itself; the spec's is left out")
                continue
            }
            guard let object = sampler.resolved(header.value, at: place) else { continue }
            let value =
                object["example"]
                ?? object["examples"]?.members.first.flatMap { sampler.resolved($0.value, at: place)?["value"] }
                ?? object["schema"].map { sampler.sample($0, at: "\(place).schema") } ?? JSONNode(.string("string"))
            let text = value.textValue
            guard !text.contains(where: { $0.isNewline }), !text.unicodeScalars.contains(where: { $0.value < 0x20 })
            else {
                sampler.warnings.add(place, "the value is not one line of text; the header is left out")
                continue
            }
            headers.append((header.key, JSONNode(.string(text))))
        }
        return headers
    }
}
