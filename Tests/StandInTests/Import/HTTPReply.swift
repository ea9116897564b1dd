import Foundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer as a client saw it, redirects not followed: what a replay is compared with.
struct HTTPReply: Sendable {
    let status: Int
    /// Header values by lower-cased name.
    let headers: [String: String]
    let body: Data

    /// The body parsed as JSON, for comparing values where the bytes may differ in spacing.
    var json: NSDictionary? { try? JSONSerialization.jsonObject(with: body) as? NSDictionary }

    /// Sends one request to `url` and returns the answer as it came, a 3xx included.
    static func fetch(
        _ url: String,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: url)!, timeoutInterval: 60)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.exchange(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }

    private static let session = URLSession(
        configuration: .ephemeral,
        delegate: RedirectRefusal(),
        delegateQueue: nil
    )
}

/// Hands a redirect to the caller instead of following it.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
