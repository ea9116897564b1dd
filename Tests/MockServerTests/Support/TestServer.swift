import Foundation
import ServerTestSupport
import StandInFixtures
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mocks directory these tests serve: `Tests/MockServerTests/Fixtures`, copied as a resource.
let testMocks = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

/// A response read through URLSession.
struct FetchedResponse {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body parsed as a JSON object.
    func object() throws -> [String: Any] { try json() }

    /// The body parsed as a JSON object.
    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
    }
}

/// Sends one request with a fresh ephemeral URLSession. An admin write without a `Content-Type` says
/// `application/json`, as `StandInAdmin` does (the admin API refuses any other). The default timeout is a safety net,
/// not a claim about speed: on a busy machine an answer can take seconds.
func fetch(
    _ base: URL,
    _ pathAndQuery: String,
    method: String = "GET",
    headers: [String: String] = [:],
    body: Data? = nil,
    timeout: TimeInterval = 60
) async throws -> FetchedResponse {
    var request = URLRequest(url: URL(string: base.absoluteString + pathAndQuery)!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if pathAndQuery.hasPrefix("/__standin/"), ["POST", "PUT"].contains(method),
        request.value(forHTTPHeaderField: "Content-Type") == nil
    {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response): (Data, URLResponse)
    do {
        (data, response) = try await session.exchange(for: request)
    } catch let error as URLError where error.code == .cannotConnectToHost {
        throw ConnectFailure(underlying: error, port: base.port ?? 80)
    }
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields { fields[name] = value }
    return FetchedResponse(status: http.statusCode, headers: fields, body: data)
}
