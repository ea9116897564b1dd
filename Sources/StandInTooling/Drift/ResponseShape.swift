import Foundation
import NetworkCore
import StandInFixtures

/// What `standin drift` compares of a response, values left aside: the status, the envelope code, the media type,
/// and the JSON shape (every key path with its type).
///
/// Paths read `data.items[].id`: `[]` stands for every element of an array, whose elements' shapes are merged.
public struct ResponseShape: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The envelope's code, when the body is an object with a number under the envelope's code key.
    public let envelopeCode: Int?
    /// The media type, lower-cased, without parameters (`application/json`), or nil.
    public let mediaType: String?
    /// Every key path of a JSON body with its type name (`string`, `number`, `object`…); empty for other bodies.
    public let types: [String: String]

    /// The shape of `response`; `envelope` names the code key.
    public init(_ response: TransportResponse, envelope: EnvelopeFormat) {
        status = response.head.status.code
        mediaType = response.head.headerFields[.contentType].map {
            String($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
        let json = try? JSONParser.parse(Array(response.body))
        envelopeCode = json?[envelope.codeKey]?.intValue
        var types: [String: String] = [:]
        if let json { Self.collect(json, at: "", into: &types) }
        self.types = types
    }

    /// The paths under `path`, each with its type; an array's elements merge under `path[]`, the first non-null
    /// type of a path winning.
    private static func collect(_ node: JSONNode, at path: String, into types: inout [String: String]) {
        let name = path.isEmpty ? "$" : path
        if types[name] == nil || types[name] == "null" { types[name] = node.typeName }
        switch node.value {
        case .object(let members):
            for member in members {
                collect(member.value, at: path.isEmpty ? member.key : "\(path).\(member.key)", into: &types)
            }
        case .array(let elements):
            for element in elements { collect(element, at: "\(path)[]", into: &types) }
        default:
            break
        }
    }
}
