import NetworkCore

/// The 404 answer to a request no fixture matches: an envelope whose message names the nearest fixtures and what
/// differed, and whose data lists them.
public enum UnmatchedResponse {
    /// The HTTP status and envelope code of an unmatched request.
    public static let status = 404

    /// The envelope body for an unmatched request.
    public static func body(
        method: String,
        path: String,
        nearMisses: [NearMiss],
        format: EnvelopeFormat,
        requestId: String
    ) -> [UInt8] {
        let endpoint = "\(method) \(path)"
        var message = "no fixture matches \(endpoint)"
        if let nearest = nearMisses.first {
            message += "; nearest: \(nearest.fixture.id) (\(nearest.fixture.endpoint)): "
            message += nearest.differences.joined(separator: "; ")
        }
        let nearest = nearMisses.map { miss in
            JSONNode(
                .object([
                    member("fixture", .string(miss.fixture.id)),
                    member("endpoint", .string(miss.fixture.endpoint)),
                    member("differences", .array(miss.differences.map { JSONNode(.string($0)) })),
                ])
            )
        }
        let data = JSONNode(.object([member("request", .string(endpoint)), member("nearest", .array(nearest))]))
        return ErrorEnvelope.body(code: status, message: message, data: data, format: format, requestId: requestId)
    }

    private static func member(_ key: String, _ value: JSONNode.Value) -> JSONNode.Member {
        JSONNode.Member(key: key, keyLine: 0, value: JSONNode(value))
    }
}
