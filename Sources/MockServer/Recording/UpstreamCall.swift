import Foundation
import NetworkCore
import StandInEngine
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

    /// The host the request went to through the proxy (see `RecordedExchange.host`); nil in base-URL mode.
    let host: String?
    let method: String
    let path: String
    let rawQuery: String?
    let target: String
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// A copy of `request`; `host` for a request that came through the proxy.
    init(_ request: ServerRequest, host: String? = nil) {
        self.host = host
        method = request.method
        path = request.path
        rawQuery = request.rawQuery.map(String.init)
        target = request.rawTarget
        headers = request.allHeaders
        body = request.body
    }

    /// Why this request is not sent to the backend (see `UpstreamTarget`); nil when it may be.
    var refusal: UpstreamTarget.Refusal? {
        do {
            _ = try UpstreamTarget.resolvingDotSegments(target)
            return nil
        } catch {
            return error
        }
    }

    /// The request for the backend: its target placed under the upstream URL (see `UpstreamTarget`), end-to-end
    /// headers only, less those the transport sets itself (`dropping`).
    func transportRequest(
        to upstream: URL,
        timeout: Duration,
        dropping transportSet: Set<String> = transportHeaders
    ) throws(NetworkError) -> TransportRequest {
        let place: UpstreamTarget
        do {
            place = try UpstreamTarget(target, under: upstream)
        } catch {
            throw .invalidRequest("\(method) \(error)")
        }
        guard let requestMethod = HTTPRequest.Method(method) else {
            throw .invalidRequest("\(method) is not a method to send to \(upstream)")
        }
        var fields = HTTPFields()
        for header in EndToEndHeaders.filter(headers, dropping: transportSet) {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return TransportRequest(
            head: place.head(method: requestMethod, headerFields: fields),
            body: body.isEmpty ? nil : Data(body),
            timeout: timeout
        )
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
        latency: Duration = .zero,
        eventDelays: [Duration] = []
    ) -> RecordedExchange {
        RecordedExchange(
            host: host,
            method: method,
            path: path,
            rawQuery: rawQuery,
            requestHeaders: self.headers,
            requestBody: self.body,
            status: status,
            responseHeaders: headers,
            responseBody: body,
            latency: latency,
            eventDelays: eventDelays
        )
    }
}
