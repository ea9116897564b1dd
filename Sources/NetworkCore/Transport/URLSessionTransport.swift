import Foundation
import HTTPTypesFoundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` on `URLSession`, for Apple platforms and Linux alike.
///
/// It hands back the raw exchange: redirects are not followed unless `followsRedirects` is set (a proxy needs the
/// 3xx itself), every header field is kept, and the body is the bytes URLSession delivered. URLSession decompresses
/// gzip, deflate and brotli bodies on its own; when it did, ``TransportResponse/isBodyDecompressed`` says so.
/// Cancelling the calling task cancels the URLSession task. On Linux, the URLSession calls that wait for
/// FoundationNetworking's one queue are made off Swift concurrency's shared threads (`URLSessionCalls`).
public final class URLSessionTransport: Transport {
    /// The largest response body accepted, or nil for any size; past it, the call ends with
    /// ``ResponseBodyTooLarge`` and the rest is not read.
    public let maxBodyBytes: Int?
    let session: URLSession
    let delegate: SessionDelegate

    /// Whether this platform's URLSession lets a transport skip certificate checks (`trustsAnyCertificate`) or trust
    /// roots of its own (`trustedRoots`): on Apple platforms; not on Linux, where FoundationNetworking offers no way
    /// to.
    public static var canTrustAnyCertificate: Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: The session's configuration; ephemeral (no cookies or cache on disk) by default.
    ///   - followsRedirects: Whether to follow 3xx responses; `false` returns them as they are.
    ///   - trustsAnyCertificate: Accept any server certificate (for a development backend with a self-signed one);
    ///     only where ``canTrustAnyCertificate`` is true. Never in an app.
    ///   - trustedRoots: DER certificates trusted as roots by this transport alone, besides the system's (StandIn's
    ///     local CA in a test: ``derCertificates(inPEM:)`` of `/__standin/ca.pem`); only where
    ///     ``canTrustAnyCertificate`` is true. On Linux, trust the CA for the whole system instead
    ///     (`standin ca trust --system`), which FoundationNetworking follows.
    ///   - maxBodyBytes: The largest response body accepted (a tool reading what any server sends); nil for any.
    public init(
        configuration: URLSessionConfiguration = .ephemeral,
        followsRedirects: Bool = false,
        trustsAnyCertificate: Bool = false,
        trustedRoots: [Data] = [],
        maxBodyBytes: Int? = nil
    ) {
        precondition(!trustsAnyCertificate || Self.canTrustAnyCertificate, "cannot skip certificate checks here")
        precondition(trustedRoots.isEmpty || Self.canTrustAnyCertificate, "cannot add trusted roots here")
        self.maxBodyBytes = maxBodyBytes
        delegate = SessionDelegate(
            followsRedirects: followsRedirects,
            trustsAnyCertificate: trustsAnyCertificate,
            trustedRoots: trustedRoots,
            maxBodyBytes: maxBodyBytes
        )
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The DER bytes of each certificate in a PEM text (`-----BEGIN CERTIFICATE-----` blocks), for `trustedRoots`.
    public static func derCertificates(inPEM pem: String) -> [Data] {
        pem.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
            guard let end = block.range(of: "-----END CERTIFICATE-----") else { return nil }
            return Data(base64Encoded: String(block[..<end.lowerBound]), options: .ignoreUnknownCharacters)
        }
    }

    /// Sends the request with a new data task and waits for its completion or the calling task's cancellation.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let task = try await dataTask(for: request)
        let (response, body) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if delegate.register(task, onProgress: request.onProgress, continuation: continuation) {
                    URLSessionCalls.start { task.resume() }
                }
            }
        } onCancel: {
            URLSessionCalls.start { task.cancel() }
        }
        guard var head = response.httpResponse else {
            throw TransportError.other(underlying: URLError(.badServerResponse))
        }
        head.status = head.status.withStandardReasonPhrase
        return TransportResponse(head: head, body: body, isBodyDecompressed: Self.wasDecompressed(head, body: body))
    }

    /// A data task, not yet resumed, for `request`: its head, body and timeout.
    func dataTask(for request: TransportRequest) async throws -> URLSessionDataTask {
        guard var urlRequest = URLRequest(httpRequest: request.head) else {
            throw NetworkError.invalidRequest("the request has no valid URL: \(request.head)")
        }
        urlRequest.httpBody = request.body
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout.timeInterval }
        let session = session
        return await URLSessionCalls.run { [urlRequest] in session.dataTask(with: urlRequest) }
    }

    /// Whether URLSession decoded a body whose `Content-Encoding` it understands (it always does, on every platform,
    /// for gzip, deflate and br); a gzip body that still starts with gzip's magic bytes was left as it was.
    static func wasDecompressed(_ head: HTTPResponse, body: Data) -> Bool {
        guard let encoding = head.headerFields[.contentEncoding]?.lowercased().trimmingCharacters(in: .whitespaces)
        else { return false }
        switch encoding {
        case "gzip", "x-gzip":
            return !(body.count >= 2 && body[body.startIndex] == 0x1f && body[body.startIndex + 1] == 0x8b)
        case "deflate", "br":
            return true
        default:
            return false
        }
    }
}
