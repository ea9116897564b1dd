import StandInEngine
import StandInFixtures

/// The one record of answered requests, whichever responder answered them: the access-log line and the journal
/// entry. A responder starts an entry when a request arrives and finishes it once the answer is over.
struct RequestLog {
    /// A request being answered, as the log will show it.
    struct Entry {
        let method: String
        /// The path as the access log shows it: in record mode, with the request's secret values replaced.
        let path: String
        let started: ContinuousClock.Instant
        /// Nil when the journal is off, or the request is not journaled (admin calls).
        var journal: JournalEntry?
        /// The journal the entry goes into: the log's when the entry started (a session's, for its requests).
        fileprivate let destination: Journal?
    }

    private let accessLog: AccessLog?
    private let journal: Journal?

    /// Writes to `accessLog` and `journal`, either of which may be off.
    init(accessLog: AccessLog?, journal: Journal?) {
        self.accessLog = accessLog
        self.journal = journal
    }

    /// The same log, journaling into `journal` instead (a session's requests go into the session's journal).
    func journaling(into journal: Journal?) -> RequestLog {
        RequestLog(accessLog: accessLog, journal: journal)
    }

    /// Starts the entry of `request`, or returns nil when neither log is on. In record mode, `redactor` keeps the
    /// request's secrets out of both, as out of the recorded files; admin calls pass `journaled: false`.
    func start(_ request: ServerRequest, redactor: Redactor? = nil, journaled: Bool = true) -> Entry? {
        guard accessLog != nil || journal != nil else { return nil }
        let path = redactor.map { Redactor.replace($0.secrets(in: request.allHeaders), in: request.path) }
        return Entry(
            method: request.method,
            path: path ?? request.path,
            started: .now,
            journal: journaled && journal != nil ? JournalEntry(request, recording: redactor) : nil,
            destination: journal
        )
    }

    /// Starts an entry whose logged path and journal entry the caller makes (evaluated only when a log is on).
    func start(
        method: String,
        path: @autoclosure () -> String,
        journal entry: @autoclosure () -> JournalEntry?
    )
        -> Entry?
    {
        guard accessLog != nil || journal != nil else { return nil }
        return Entry(
            method: method,
            path: path(),
            started: .now,
            journal: journal == nil ? nil : entry(),
            destination: journal
        )
    }

    /// Writes the access-log line and the journal entry of a request that has been answered.
    /// - Parameters:
    ///   - fixture: the fixture id, a label (`ADMIN`, `CORS`, `PROXIED`), or nil for `NO MATCH`.
    ///   - label: what the access log shows instead of `fixture`, if not that.
    ///   - details: what the access log adds: the variant, delay and fault simulated, what became of a recording.
    ///   - answer: what the journal adds: the envelope code, the fault, a fallback backend's answer.
    func finish(
        _ entry: consuming Entry?,
        status: Int,
        fixture: String?,
        label: String? = nil,
        variant: String? = nil,
        details: String? = nil,
        answer: JournalAnswer = JournalAnswer()
    ) {
        guard var entry = consume entry else { return }
        let duration = ContinuousClock.now - entry.started
        accessLog?.record(
            method: entry.method,
            path: entry.path,
            status: status,
            fixture: label ?? fixture,
            details: details,
            duration: duration
        )
        guard let journal = entry.destination, var completed = entry.journal.take() else { return }
        completed.fixture = fixture
        completed.variant = variant
        completed.answer = answer
        completed.answer.status = UInt16(clamping: status)
        completed.duration = duration
        completed.simulation = details
        journal.record(completed)
    }
}
