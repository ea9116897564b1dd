import Foundation
import NetworkCore
import StandInFixtures

/// A request on its way to the backend: a copy of what the client sent, taken on the loop's thread so that the
/// upstream call can run anywhere.
struct UpstreamCall: Sendable {
    /// Request headers URLSession sets itself: `Host` from the upstream URL, `Content-Length` from the body,
    /// `Accept-Encoding` from what it can decode (it then decodes the response).
    static let transportHeaders: Set<String> = ["host", "content-length", "accept-encoding", "expect"]
    /// Request headers a `SocketTransport` call leaves out: `Host` (rewritten from the upstream URL) and `Expect` (the
    /// body is already here, so no 100-continue is awaited). Everything else passes as the client sent it.
    static let socketTransportHeaders: Set<String> = ["host", "expect"]

    let method: String
    let path: String
    let rawQuery: String?
    let target: String
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    init(_ request: ServerRequest) {
        method = request.method
        path = request.path
        rawQuery = request.rawQuery.map(String.init)
        target = request.rawTarget
        headers = request.allHeaders
        body = request.body
    }

    /// The request for the backend: the target, its dot segments resolved, appended to the upstream URL's path,
    /// end-to-end headers only, less those the transport sets itself (`dropping`). A target that climbs out of that
    /// path is refused.
    func transportRequest(
        to upstream: URL,
        timeout: Duration,
        dropping transportSet: Set<String> = transportHeaders
    ) throws(NetworkError) -> TransportRequest {
        guard let confinedTarget else {
            throw .invalidRequest("\(method) \(target) climbs out of the upstream's path with dot segments")
        }
        guard let components = URLComponents(url: upstream, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, let host = components.host,
            let requestMethod = HTTPRequest.Method(method)
        else { throw .invalidRequest("cannot send \(method) \(target) to \(upstream)") }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let prefix =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        var fields = HTTPFields()
        for header in EndToEndHeaders.filter(headers, dropping: transportSet) {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        let head = HTTPRequest(
            method: requestMethod,
            scheme: scheme,
            authority: authority,
            path: prefix + confinedTarget,
            headerFields: fields
        )
        return TransportRequest(head: head, body: body.isEmpty ? nil : Data(body), timeout: timeout)
    }
}

extension TransportResponse {
    /// The headers to send the client: end-to-end only, without `Content-Length` (the server sets it for the bytes
    /// it sends), and without `Content-Encoding` when the transport decoded the body.
    var clientHeaders: [(name: String, value: String)] {
        let all = head.headerFields.map { (name: $0.name.rawName, value: $0.value) }
        let dropped: Set<String> = isBodyDecompressed ? ["content-length", "content-encoding"] : ["content-length"]
        return EndToEndHeaders.filter(all, dropping: dropped)
    }
}

extension UpstreamCall {
    /// This request with the backend's answer, as the recorder takes it (status 0 and no answer: only the request
    /// part, to find the file it would be recorded to).
    func exchange(
        status: Int = 0,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        latency: Duration = .zero
    ) -> RecordedExchange {
        RecordedExchange(
            method: method,
            path: path,
            rawQuery: rawQuery,
            requestHeaders: self.headers,
            requestBody: self.body,
            status: status,
            responseHeaders: headers,
            responseBody: body,
            latency: latency
        )
    }
}
