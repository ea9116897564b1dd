import Foundation
import NetworkCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` that answers in process from a mocks directory, as `standin serve` would over HTTP: the same
/// loader, matching, variants, sequences, rendering, delays and the same 404 near-miss envelope. Endpoints
/// registered in code (`register(_:response:status:)`, `register(_:error:)`) answer before any fixture.
///
/// ```swift
/// let registry = try MockRegistry(directory: mocksURL)
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: registry)
/// ```
///
/// Faults become what `URLSessionTransport` reports for them: `connection-reset` and `empty-response` throw
/// `URLError(.networkConnectionLost)` (the client's `.transport(.connectionLost)`), `timeout` waits out the request's
/// timeout and throws `URLError(.timedOut)`, `malformed-body` answers with the body cut in half, and `slow-body`
/// with the full body at once.
///
/// `@unchecked Sendable` is safe: the only mutable state is `state`, read and written only while `lock` is held;
/// the fixture index, sequence counters and variant selection are immutable or thread-safe themselves.
public final class MockRegistry: Transport, @unchecked Sendable {
    /// What a stub registered in code answers with, when it is an error.
    public enum StubError: Sendable {
        /// HTTP 200 with an envelope carrying this business code and message (the client's `.server`).
        case server(code: Int, message: String)
        /// This HTTP status with an envelope whose code mirrors it (the client's `.http`).
        case http(status: Int, message: String = "")
    }

    /// Loading a directory failed because some files are broken; nothing is served from a half-loaded directory.
    public struct LoadError: Error, CustomStringConvertible {
        /// One entry per broken file.
        public let diagnostics: [Diagnostic]

        public var description: String {
            "broken fixtures:\n" + diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    /// The request header that names the variant to serve, as the server reads it.
    public static let variantHeader = "X-StandIn-Variant"

    /// The project settings (envelope format, default headers) of the loaded directory, or the defaults.
    public let config: ProjectConfig
    private let index: FixtureIndex
    private let sequences = SequenceCounters()
    private let variants = VariantSelection()
    private let lock = NSLock()
    private var state = State()

    private struct State {
        var defaultVariant: String?
        var stubs: [StubKey: Stub] = [:]
        var requestIDs = RequestIDGenerator()
        var random = SeededGenerator()
    }

    private struct StubKey: Hashable {
        let method: String
        let path: String
    }

    private struct Stub {
        let status: Int
        let envelopeCode: Int?
        let message: String?
        /// The data (enveloped) or the whole body (plain), as JSON bytes.
        let data: [UInt8]
        let enveloped: Bool
    }

    /// Loads every fixture under `directory` with the server's loader.
    ///
    /// Throws `LoadError` when any file (or `standin.json`) is broken, so that a test never passes on a fixture that
    /// silently did not load; throws the loader's error when the directory cannot be read.
    public init(directory: URL) throws {
        let loaded = try FixtureLoader(directory: directory).load()
        guard loaded.diagnostics.isEmpty else { throw LoadError(diagnostics: loaded.diagnostics) }
        config = loaded.config
        index = FixtureIndex(loaded.fixtures)
    }

    /// An empty registry: only endpoints registered in code answer; everything else gets the 404 envelope.
    public init() {
        config = ProjectConfig()
        index = FixtureIndex([])
    }

    // MARK: Variants and state

    /// Serves `variant` for `endpoint` (written as fixtures name it: `GET /users/{id}`) when a request names none;
    /// nil clears the choice. Fixtures of the endpoint without that variant serve their default response.
    public func setVariant(_ variant: String?, for endpoint: String) {
        variants.set(variant, for: endpoint)
    }

    /// Serves `variant` for every endpoint without its own choice, where the fixture has it; nil clears it.
    public func setVariant(_ variant: String?) {
        lock.withLock { state.defaultVariant = variant }
    }

    /// Puts every sequence back at its first step and clears every variant choice. Registered stubs stay.
    public func reset() {
        sequences.reset()
        variants.reset()
        lock.withLock { state.defaultVariant = nil }
    }

    // MARK: Typed registration

    /// Answers `endpoint`'s method and path with `response`: inside a success envelope (the loaded `standin.json`'s
    /// keys) for enveloped endpoints, as plain JSON otherwise. Replaces an earlier registration of the same endpoint.
    public func register<E: Endpoint>(
        _ endpoint: E,
        response: E.Response,
        status: Int = 200,
        encoder: JSONEncoder = JSONEncoder()
    ) throws where E.Response: Encodable {
        let data = Array(try encoder.encode(response))
        let enveloped = endpoint.responseFormat == .enveloped
        let stub = Stub(
            status: status,
            envelopeCode: enveloped ? config.envelope.successCode : nil,
            message: enveloped ? config.envelope.successMessage : nil,
            data: data,
            enveloped: enveloped
        )
        lock.withLock { state.stubs[Self.key(endpoint)] = stub }
    }

    /// Answers `endpoint`'s method and path with an error envelope. Replaces an earlier registration.
    public func register(_ endpoint: some Endpoint, error: StubError) {
        let stub =
            switch error {
            case .server(let code, let message):
                Stub(status: 200, envelopeCode: code, message: message, data: Array("null".utf8), enveloped: true)
            case .http(let status, let message):
                Stub(status: status, envelopeCode: status, message: message, data: Array("null".utf8), enveloped: true)
            }
        lock.withLock { state.stubs[Self.key(endpoint)] = stub }
    }

    private static func key(_ endpoint: some Endpoint) -> StubKey {
        let path = endpoint.path.hasPrefix("/") ? endpoint.path : "/" + endpoint.path
        return StubKey(method: endpoint.method.rawValue, path: PercentDecoding.decode(Substring(path)))
    }

    // MARK: Transport

    /// Answers `request` as the server would, and reports the progress of both bodies in even steps.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        Self.reportProgress(.upload, of: request.body?.count ?? 0, to: request.onProgress)
        let response = try await respond(to: request)
        Self.reportProgress(.download, of: response.body.count, to: request.onProgress)
        return response
    }

    private func respond(to request: TransportRequest) async throws -> TransportResponse {
        let incoming = Request(request)
        let (requestId, stub) = lock.withLock {
            let id = RequestIDGenerator.acceptable(incoming.header(named: "X-Request-ID")) ?? state.requestIDs.next()
            return (id, stubFor(incoming))
        }
        if let stub { return answer(stub, requestId: requestId) }
        var facts = RequestFacts(incoming)
        guard let match = index.match(&facts) else {
            let unmatched = UnmatchedResponse(to: &facts, index: index, config: config, requestId: requestId)
            return envelope(unmatched.body, status: unmatched.status, requestId: requestId, headers: unmatched.headers)
        }
        let compiled: CompiledResponse
        do {
            compiled = try response(of: match.fixture, requestedVariant: incoming.header(named: Self.variantHeader))
        } catch {
            let body = ErrorEnvelope.body(
                code: 400,
                message: "X-StandIn-Variant: \(error)",
                format: config.envelope,
                requestId: requestId
            )
            return envelope(body, status: 400, requestId: requestId)
        }
        if let delay = compiled.delay {
            let duration = lock.withLock { delay.sample(using: &state.random) }
            if duration > .zero { try await Task.sleep(for: duration) }
        }
        var context = RenderContext(facts: facts, captures: match.captures, requestId: requestId)
        var fields = HTTPFields()
        for header in compiled.headers {
            let value = header.fixedValue ?? String(decoding: header.value.render(with: &context), as: UTF8.self)
            Self.add(header.name, value, to: &fields)
        }
        Self.add("X-Request-ID", requestId, to: &fields)
        var body = compiled.body.render(with: &context)
        switch compiled.fault {
        case nil, .slowBody:
            break
        case .malformedBody:
            body = body.isEmpty ? [UInt8(ascii: "{")] : Array(body.prefix(body.count / 2))
        case .connectionReset, .emptyResponse:
            throw URLError(.networkConnectionLost)
        case .timeout:
            try await Task.sleep(for: request.timeout ?? .seconds(60))
            throw URLError(.timedOut)
        }
        if BodilessResponse.status(compiled.status, method: incoming.method) { body = [] }
        return TransportResponse(head: Self.head(compiled.status, fields), body: Data(body))
    }

    /// The registered stub for the request, if any. A base URL's path prefix does not matter: `/v1/users/1` finds
    /// the stub for `/users/1`. Call with `lock` held.
    private func stubFor(_ request: Request) -> Stub? {
        guard !state.stubs.isEmpty else { return nil }
        if let stub = state.stubs[StubKey(method: request.method, path: request.path)] { return stub }
        return state.stubs.first { key, _ in
            key.method == request.method && request.path.hasSuffix(key.path)
        }?.value
    }

    /// The fixture's response for its next step, in the variant the request names, else the endpoint's chosen one,
    /// else the registry-wide one; a chosen variant the fixture lacks serves its default (as the server does).
    private func response(of fixture: Fixture, requestedVariant: String?) throws(UnknownVariant) -> CompiledResponse {
        let step = sequences.nextStep(for: fixture)
        if let requestedVariant { return try fixture.response(step: step, variant: requestedVariant) }
        if !fixture.variantNames.isEmpty {
            let chosen = variants.variant(for: fixture) ?? lock.withLock { state.defaultVariant }
            if let chosen, fixture.variantNames.contains(chosen) {
                return try fixture.response(step: step, variant: chosen)
            }
        }
        return try fixture.response(step: step, variant: nil)
    }

    private func answer(_ stub: Stub, requestId: String) -> TransportResponse {
        guard stub.enveloped, let code = stub.envelopeCode else {
            var fields = HTTPFields()
            for header in config.headers { Self.add(header.name, header.value, to: &fields) }
            Self.add("Content-Type", "application/json", to: &fields)
            Self.add("X-Request-ID", requestId, to: &fields)
            return TransportResponse(head: Self.head(stub.status, fields), body: Data(stub.data))
        }
        let format = config.envelope
        var body: [UInt8] = []
        for (index, key) in [format.codeKey, format.messageKey, format.dataKey, format.requestIdKey].enumerated() {
            body += Array((index == 0 ? "{\"" : ",\"").utf8)
            JSONWriter.appendEscaped(key, into: &body)
            body += Array("\":".utf8)
            switch index {
            case 0: body += Array(String(code).utf8)
            case 1: Self.appendString(stub.message ?? "", into: &body)
            case 2: body += stub.data
            default: Self.appendString(requestId, into: &body)
            }
        }
        body.append(UInt8(ascii: "}"))
        return envelope(body, status: stub.status, requestId: requestId)
    }

    private static func appendString(_ text: String, into body: inout [UInt8]) {
        body.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(text, into: &body)
        body.append(UInt8(ascii: "\""))
    }

    /// An envelope answer with the project's default headers, as the server sends its own envelopes.
    private func envelope(
        _ body: [UInt8],
        status: Int,
        requestId: String,
        headers: [(name: String, value: String)] = []
    ) -> TransportResponse {
        var fields = HTTPFields()
        for header in config.headers + headers { Self.add(header.name, header.value, to: &fields) }
        Self.add("Content-Type", "application/json", to: &fields)
        Self.add("X-Request-ID", requestId, to: &fields)
        return TransportResponse(head: Self.head(status, fields), body: Data(body))
    }

    /// A response head with the status's standard reason phrase, as URLSession reports it.
    private static func head(_ status: Int, _ fields: HTTPFields) -> HTTPResponse {
        HTTPResponse(status: HTTPResponse.Status(code: status).withStandardReasonPhrase, headerFields: fields)
    }

    private static func add(_ name: String, _ value: String, to fields: inout HTTPFields) {
        guard let name = HTTPField.Name(name) else { return }
        fields.append(HTTPField(name: name, value: value))
    }
}

extension MockRegistry {
    /// A `TransportRequest` as matching and rendering see it.
    struct Request: IncomingRequest {
        let method: String
        let path: String
        let rawQuery: Substring?
        let fields: HTTPFields
        let body: [UInt8]

        init(_ request: TransportRequest) {
            method = request.head.method.rawValue
            var target = Substring(request.head.path ?? "/")
            if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
            if let question = target.firstIndex(of: "?") {
                rawQuery = target[target.index(after: question)...]
                target = target[..<question]
            } else {
                rawQuery = nil
            }
            path = PercentDecoding.decode(target.isEmpty ? "/" : target)
            fields = request.head.headerFields
            body = request.body.map(Array.init) ?? []
        }

        func header(named name: String) -> String? {
            guard let name = HTTPField.Name(name) else { return nil }
            return fields[values: name].first
        }
    }
}
