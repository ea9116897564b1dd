extension GraphQLError: Codable {
    /// Decodes an entry of `errors`. Only `message` is required; `locations`, `path` and `extensions` that are
    /// missing or not of the specified shape read as empty, so that the message still reaches the caller.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        locations = (try? container.decodeIfPresent([Location].self, forKey: .locations)) ?? []
        path = (try? container.decodeIfPresent([PathComponent].self, forKey: .path)) ?? []
        extensions = (try? container.decodeIfPresent([String: JSONValue].self, forKey: .extensions)) ?? [:]
    }

    /// Encodes the entry as a server sends it, leaving out what is empty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        if !locations.isEmpty { try container.encode(locations, forKey: .locations) }
        if !path.isEmpty { try container.encode(path, forKey: .path) }
        if !extensions.isEmpty { try container.encode(extensions, forKey: .extensions) }
    }

    private enum CodingKeys: String, CodingKey {
        case message
        case locations
        case path
        case extensions
    }
}

extension GraphQLError.PathComponent: Codable {
    /// Decodes a string as a field and an integer as an index.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self) {
            self = .index(index)
        } else {
            self = .field(try container.decode(String.self))
        }
    }

    /// Encodes a field as a string and an index as an integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .field(let name): try container.encode(name)
        case .index(let index): try container.encode(index)
        }
    }
}
