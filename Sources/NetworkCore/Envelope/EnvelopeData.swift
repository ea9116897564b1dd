import Foundation

/// Decodes an envelope's data as `Value` with the caller's `JSONDecoder` and its strategies.
///
/// The data's key is known only at run time, and the caller's decoder is shared between concurrent calls, so the key
/// travels in a task-local value (set around the synchronous `decode` call) rather than in the decoder's user info.
struct EnvelopeData<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let key = AnyCodingKey(EnvelopeDataKey.current)
        if try !container.contains(key) || container.decodeNil(forKey: key) {
            guard let null = nullValue(of: Value.self) else {
                throw DecodingError.valueNotFound(
                    Value.self,
                    .init(codingPath: [key], debugDescription: "the envelope has no data")
                )
            }
            value = null
        } else {
            value = try container.decode(Value.self, forKey: key)
        }
    }

    /// Decodes the data of `body` under `key` (the key as the decoder's key strategy spells it).
    static func decode(_ body: Data, key: String, with decoder: JSONDecoder) throws -> Value {
        try EnvelopeDataKey.$current.withValue(key) {
            try decoder.decode(EnvelopeData<Value>.self, from: body).value
        }
    }
}

/// The data key for ``EnvelopeData`` in the current task.
enum EnvelopeDataKey {
    @TaskLocal static var current = "data"

    /// How `decoder` names `key` after its key decoding strategy (`result_set` becomes `resultSet` under
    /// `.convertFromSnakeCase`), found by decoding a one-key object with it.
    static func lookupKey(for key: String, in decoder: JSONDecoder) -> String {
        guard let probe = try? JSONEncoder().encode([key: 0]),
            let keys = try? decoder.decode(KeyProbe.self, from: probe).keys, let converted = keys.first
        else { return key }
        return converted
    }

    private struct KeyProbe: Decodable {
        let keys: [String]

        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
        }
    }
}
