import Foundation

extension APIClient {
    /// Turns a response into the endpoint's `Response`, or the ``NetworkError`` it stands for. A ``NetworkError``
    /// thrown while decoding (an envelope's business code, a ``GraphQLResponse``'s errors) is thrown as it is.
    func decode<Response: Decodable>(
        _ type: Response.Type,
        from response: ClientResponse,
        enveloped: Bool
    ) throws(NetworkError) -> Response {
        guard response.isSuccessStatus else {
            throw .http(status: response.head.status, headers: response.head.headerFields, body: response.body)
        }
        if response.body.isEmpty {
            if let null = nullValue(of: Response.self) { return null }
            throw .decoding(
                underlying: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the body is empty")),
                bodyExcerpt: ""
            )
        }
        do {
            return enveloped ? try decodeEnvelope(type, from: response) : try decodePlain(type, from: response.body)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .decoding(underlying: error, bodyExcerpt: NetworkError.excerpt(of: response.body))
        }
    }

    private func decodeEnvelope<Response: Decodable>(
        _ type: Response.Type,
        from response: ClientResponse
    ) throws
        -> Response
    {
        let envelope = try response.envelope ?? Envelope(decoding: response.body, format: self.envelope)
        guard envelope.isSuccess else {
            throw NetworkError.server(code: envelope.code, message: envelope.message, requestID: envelope.requestID)
        }
        if Response.self == EmptyResponse.self, let empty = EmptyResponse() as? Response { return empty }
        return try EnvelopeData<Response>.decode(response.body, key: dataLookupKey, with: decoder)
    }

    private func decodePlain<Response: Decodable>(_ type: Response.Type, from body: Data) throws -> Response {
        if let bytes = body as? Response { return bytes }
        if let empty = EmptyResponse() as? Response { return empty }
        return try decoder.decode(Response.self, from: body)
    }
}
