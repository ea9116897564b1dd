import NetworkCore
import StandInEngine
import StandInFixtures

/// The admin API under `/__standin/`: JSON in and out, answered on the loop that received the call.
///
/// Plain Swift: it sees an `AdminCall` and returns an `AdminReply`; `MockResponder` checks access and does the I/O.
struct AdminAPI {
    /// Every admin path starts with this.
    static let pathPrefix = "/__standin/"

    /// The calls there are, for the answer to an unknown one.
    static let endpoints = [
        "GET /__standin/health", "GET /__standin/fixtures", "POST /__standin/fixtures",
        "DELETE /__standin/fixtures/{id}", "POST /__standin/reload", "POST /__standin/reset",
        "GET /__standin/variants", "PUT /__standin/variants", "GET /__standin/requests", "DELETE /__standin/requests",
        "GET /__standin/ui", "GET /__standin/events", "GET /__standin/sessions", "POST /__standin/sessions",
        "DELETE /__standin/sessions/{id}", "GET /__standin/ca.pem", "GET /__standin/ca.mobileconfig",
        "GET /__standin/websockets", "POST /__standin/websockets/{id}/send", "DELETE /__standin/websockets/{id}",
    ]

    let context: ServerContext
    /// What the call acts on: the main state, or the session the call names (`X-StandIn-Session`).
    let state: SessionState
    /// The server answering, on which a new session opens its port; nil while it stops.
    let server: HTTPServer?

    /// Answers one call; bad calls get a 4xx whose message says what is wrong.
    func respond(to call: AdminCall) -> AdminReply {
        do {
            return try route(call)
        } catch {
            return AdminReply(status: error.status, error: error.message)
        }
    }

    private func route(_ call: AdminCall) throws(AdminError) -> AdminReply {
        let route = call.route
        switch route {
        case "health":
            try call.require("GET")
            return health()
        case "fixtures":
            try call.require("GET", "POST")
            return call.method == "GET" ? listFixtures() : try addFixture(call.body)
        case "reload":
            try call.require("POST")
            return reload()
        case "reset":
            try call.require("POST")
            if state === context.main { context.reset() } else { state.reset() }
            return AdminReply(status: 200, json: AdminJSON.object([("status", AdminJSON.string("reset"))]))
        case "variants":
            try call.require("GET", "PUT")
            return call.method == "GET" ? variants() : try setVariants(call.body)
        case "requests":
            try call.require("GET", "DELETE")
            return call.method == "GET" ? try requests(query: call.rawQuery) : clearRequests()
        case "ca.pem", "ca.mobileconfig":
            try call.require("GET")
            return try certificateAuthority(route == "ca.pem" ? .pem : .appleProfile)
        case "sessions":
            try call.require("GET", "POST")
            return call.method == "GET" ? listSessions(host: call.host) : try startSession(call.body, host: call.host)
        case "websockets":
            try call.require("GET")
            return listWebSockets()
        default:
            if route.hasPrefix("websockets/") {
                return try actOnWebSocket(call, route: route.dropFirst("websockets/".count))
            }
            if route.hasPrefix("sessions/") {
                try call.require("DELETE")
                return try endSession(id: String(route.dropFirst("sessions/".count)))
            }
            if route.hasPrefix("fixtures/") {
                try call.require("DELETE")
                return try removeFixture(id: String(route.dropFirst("fixtures/".count)))
            }
            throw AdminError(
                status: 404,
                message: "no admin call \(call.method) \(Self.pathPrefix)\(route); there are: "
                    + Self.endpoints.joined(separator: ", ")
            )
        }
    }

    private func health() -> AdminReply {
        AdminReply(
            status: 200,
            json: AdminJSON.object([
                ("status", AdminJSON.string("ok")),
                ("fixtures", AdminJSON.int(state.fixtures.count)),
            ])
        )
    }

    private func reload() -> AdminReply {
        let outcome = context.reload()!
        let diagnostics = outcome.diagnostics.map { diagnostic in
            AdminJSON.object([
                ("file", AdminJSON.string(diagnostic.file)),
                ("line", AdminJSON.int(diagnostic.line)),
                ("reason", AdminJSON.string(diagnostic.reason)),
                ("message", AdminJSON.string(diagnostic.description)),
            ])
        }
        return AdminReply(
            status: 200,
            json: AdminJSON.object([
                ("fixtures", AdminJSON.int(outcome.fixtureCount)),
                ("diagnostics", AdminJSON.array(diagnostics)),
                ("keptLastGood", AdminJSON.strings(outcome.keptIDs)),
            ])
        )
    }
}

/// One admin call, as the admin API sees it.
struct AdminCall {
    /// Upper-case method.
    let method: String
    /// The path after `/__standin/`.
    let route: Substring
    let rawQuery: Substring?
    let body: [UInt8]
    /// The `Host` header, if any.
    var host: String?

    /// Throws 405 unless the call uses one of `methods`.
    func require(_ methods: String...) throws(AdminError) {
        guard !methods.contains(method) else { return }
        throw AdminError(
            status: 405,
            message: "\(AdminAPI.pathPrefix)\(route) takes \(methods.joined(separator: " or ")), not \(method)"
        )
    }
}

/// A bad admin call: the status and a sentence that says what is wrong.
struct AdminError: Error {
    let status: Int
    let message: String
}

/// The answer to an admin call.
struct AdminReply {
    let status: Int
    /// A JSON body, or nil for an error (then `error` is the message of a standard envelope), a stream or a file.
    let json: JSONNode?
    let error: String?
    /// A JSON body too large to build at once, sent as the client reads it.
    let stream: (any StreamedBody)?
    /// A body that is not JSON (a certificate, a profile), with its content type.
    let file: (contentType: String, bytes: [UInt8])?
    var headers: [(name: String, value: String)] = []

    init(status: Int, json: JSONNode) {
        self.status = status
        self.json = json
        error = nil
        stream = nil
        file = nil
    }

    init(status: Int, error: String) {
        self.status = status
        json = nil
        self.error = error
        stream = nil
        file = nil
    }

    init(status: Int, stream: any StreamedBody) {
        self.status = status
        json = nil
        error = nil
        self.stream = stream
        file = nil
    }

    init(status: Int, contentType: String, bytes: [UInt8]) {
        self.status = status
        json = nil
        error = nil
        stream = nil
        file = (contentType, bytes)
    }

    /// The body's content type.
    var contentType: String { file?.contentType ?? "application/json" }

    /// The body: the JSON, or the standard error envelope (`code` = status, `message`, `data: null`, `request_id`).
    func body(requestId: String) -> [UInt8] {
        if let json { return json.compactBytes }
        if let file { return file.bytes }
        return ErrorEnvelope.body(code: status, message: error ?? "", format: .standard, requestId: requestId)
    }
}
