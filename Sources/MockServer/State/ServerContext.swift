import Logging
import StandInCA
import StandInEngine
import StandInFixtures

/// The state every loop shares: the fixtures, simulation, journal, hit counts, access log, admin settings and
/// sessions.
final class ServerContext: Sendable {
    /// The state of requests that name no session.
    let main: SessionState
    /// The live sessions, each with a state of its own.
    let sessions: SessionRegistry
    /// The byte budget of each session's journal.
    let sessionJournalBytes: Int
    /// The host sessions' ports listen on: the server's.
    let sessionHost: String
    /// The backend that answers what no fixture matches on sessions' ports: the server's (`--fallback-upstream`).
    let sessionFallback: Upstream?
    /// The local CA the TLS port's leaves come from, served at `/__standin/ca.pem`; nil without one.
    let localCA: LocalCA?
    let store: FixtureStore
    let simulation: Simulation
    /// Nil when the journal is off (`--journal-size 0`).
    let journal: Journal?
    let hits = HitCounts()
    /// The WebSockets open now, on every loop and state.
    let webSockets = LiveWebSockets()
    let accessLog: AccessLog?
    let access: AdminAccess
    let logger: Logger
    /// How long a fixture's event stream may wait for a client that stops reading (`--idle-timeout`).
    let streamWriteTimeoutSeconds: Int
    /// What one WebSocket may cost: its largest message (`--max-message-size`), its unread output, and how long it
    /// may leave output unread (`--idle-timeout`).
    let webSocketLimits: WebSocketConnection.Limits
    /// The spec requests and answers are held to (`--spec`), if any.
    let contract: ServedContract?
    /// The forward proxy (`serve --proxy-port`), whose ports the server and each session open; nil without one.
    let proxy: ServedProxy?

    init(
        store: FixtureStore,
        simulation: Simulation,
        journal: Journal?,
        accessLog: AccessLog?,
        access: AdminAccess,
        logger: Logger,
        sessionHost: String,
        sessionFallback: Upstream?,
        localCA: LocalCA? = nil,
        maxSessions: Int,
        sessionClock: SessionClock,
        limits: ServerLimits = ServerLimits(),
        contract: ServedContract? = nil,
        proxy: ServedProxy? = nil
    ) {
        self.proxy = proxy
        self.contract = contract
        streamWriteTimeoutSeconds = limits.idleTimeoutSeconds
        webSocketLimits = WebSocketConnection.Limits(
            maxMessageBytes: limits.maxMessageBytes,
            writeTimeoutSeconds: limits.idleTimeoutSeconds
        )
        self.sessionHost = sessionHost
        self.sessionFallback = sessionFallback
        self.localCA = localCA
        main = SessionState(
            fixtures: store,
            chooser: ResponseChooser(variants: simulation.settings.variants),
            journal: journal
        )
        sessions = SessionRegistry(limit: maxSessions, clock: sessionClock)
        sessionJournalBytes = max(Self.minimumSessionJournalBytes, (journal?.byteLimit ?? 0) / 16)
        self.store = store
        self.simulation = simulation
        self.journal = journal
        self.accessLog = accessLog
        self.access = access
        self.logger = logger
    }

    /// Reloads the mocks directory (with `onlyIfChanged`, only when a file changed), restarts the sequences of the
    /// fixtures whose files changed, and logs each broken file as `file:line: reason`.
    @discardableResult
    func reload(onlyIfChanged: Bool = false) -> ReloadOutcome? {
        guard let outcome = store.reload(onlyIfChanged: onlyIfChanged) else { return nil }
        main.chooser.sequences.reset(fixtureIDs: outcome.changedIDs)
        for session in sessions.all {
            session.state.fixtures.rebase(on: store)
            session.state.chooser.sequences.reset(fixtureIDs: outcome.changedIDs)
        }
        for diagnostic in outcome.diagnostics { logger.report(diagnostic) }
        if !outcome.keptIDs.isEmpty {
            logger.warning("still serving the last good version of: \(outcome.keptIDs.joined(separator: ", "))")
        }
        logger.info("reloaded: \(outcome.fixtureCount) fixture(s), \(outcome.diagnostics.count) problem(s)")
        return outcome
    }

    /// Back to the start: no run-time fixtures, every resource at its seed, every sequence at its first step, the
    /// command line's variants, an empty journal and no hits.
    func reset() {
        main.reset()
        hits.reset()
    }

    /// A session's journal holds at least this many bytes, however small the server's is.
    static let minimumSessionJournalBytes = 1024 * 1024

    /// Starts a session beside the main state, listening on a port of its own of `server` and following the file
    /// fixtures from now on. Throws a 429 when `--max-sessions` sessions are alive, a 503 when the server is stopping
    /// or no port can be listened on.
    func startSession(name: String?, ttl: Duration, on server: HTTPServer?) throws(AdminError) -> Session {
        let full = AdminError(
            status: 429,
            message: "\(sessions.limit) sessions are alive, the most this server allows (--max-sessions); end one "
                + "(DELETE /__standin/sessions/{id}) and try again"
        )
        guard !sessions.isFull else { throw full }
        // The id comes first: the session's journal names it in the dashboard's events.
        let id = sessions.unusedID()
        let state = SessionState(
            beside: main,
            variants: simulation.settings.variants,
            journalBytes: sessionJournalBytes,
            origin: .session(id: id.description, name: name)
        )
        let lease = SessionLease(ttl: ttl, clock: sessions.clock)
        let port: SessionPort
        do {
            guard let server else { throw ServerError.notRunning }
            port = try SessionPort(
                on: server,
                avoiding: sessions.retiredPorts,
                state: state,
                lease: lease,
                context: self
            )
        } catch ServerError.notRunning {
            throw AdminError(status: 503, message: "the server is stopping and starts no more sessions")
        } catch {
            throw AdminError(status: 503, message: "no port is free for the session to listen on: \(error)")
        }
        let session = Session(id: id, name: name, state: state, lease: lease, port: port)
        guard sessions.add(session) else {
            port.close()
            throw sessions.isFull
                ? full : AdminError(status: 503, message: "another session took the new session's id; try again")
        }
        // A reload between the copy above and the session's registration would be missed without this.
        state.fixtures.rebase(on: store)
        return session
    }

    /// The state of the session a request or admin call names, looked up through the calling loop's `recent` one; a
    /// malformed id is a 400, an unknown or ended one a 404.
    func state(forSession header: SessionHeader, recent: inout RecentSession) -> Result<SessionState, AdminError> {
        switch header {
        case .malformed(let text):
            return .failure(
                AdminError(
                    status: 400,
                    message: "X-StandIn-Session \(text.debugDescription) is not a session id; ids are "
                        + "\(SessionID.length) lowercase hexadecimal digits, as POST /__standin/sessions returns them"
                )
            )
        case .id(let id):
            guard let session = recent.use(id, in: sessions) else { return .failure(.unknownSession(id.description)) }
            return .success(session.state)
        }
    }
}

extension AdminError {
    /// The 404 for a session id that names no live session.
    static func unknownSession(_ id: String) -> AdminError {
        AdminError(
            status: 404,
            message: "no session \(id.debugDescription) is alive; it has ended, expired or never existed"
        )
    }
}
