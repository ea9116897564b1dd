import Foundation

extension APIClient {
    /// Builds an endpoint's request: base URL and path, query, endpoint headers, encoded body and content type.
    func makeRequest<E: Endpoint>(for endpoint: E) throws(NetworkError) -> ClientRequest {
        let url = try url(path: endpoint.path, query: endpoint.query)
        var head = HTTPRequest(method: endpoint.method, url: url, headerFields: endpoint.headers)
        var body: Data?
        if let requestBody = endpoint.body {
            do {
                body = try requestBody.encoded(with: encoder)
            } catch {
                throw .invalidRequest("the body of \(E.self) could not be encoded: \(error)")
            }
            if head.headerFields[.contentType] == nil { head.headerFields[.contentType] = requestBody.contentType }
        }
        return ClientRequest(
            head: head,
            body: body,
            timeout: endpoint.timeout ?? timeout,
            envelopeFormat: endpoint.responseFormat == .enveloped ? envelope : nil
        )
    }

    /// The base URL with `path` appended to its own path and `query` percent-encoded (`+` included, which servers
    /// would otherwise read as a space).
    func url(path: String, query: [URLQueryItem]) throws(NetworkError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest("the base URL \(baseURL) is not valid")
        }
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        let relative = path.hasPrefix("/") ? path : "/" + path
        guard let encodedPath = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
            throw .invalidRequest("the path \(path) cannot be percent-encoded")
        }
        components.percentEncodedPath = basePath + encodedPath
        if !query.isEmpty {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "+&=")
            components.percentEncodedQueryItems = query.map {
                URLQueryItem(
                    name: $0.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.name,
                    value: $0.value?.addingPercentEncoding(withAllowedCharacters: allowed)
                )
            }
        }
        guard let url = components.url else {
            throw .invalidRequest("no valid URL from \(baseURL) and path \(path)")
        }
        return url
    }
}
