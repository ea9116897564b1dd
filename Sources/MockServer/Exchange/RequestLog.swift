import Dispatch
import StandInEngine
import StandInFixtures

/// Where answered requests are recorded, whichever responder answered them: the access log and the journal, either
/// of which may be off. An `Exchange` starts its entry when the request arrives and writes it once the answer is
/// over.
struct RequestLog {
    /// A request being answered, as the log will show it.
    struct Entry {
        let method: String
        /// The path as the access log shows it: in record mode, with the request's secret values replaced.
        let path: String
        /// When the request arrived, in nanoseconds of the monotonic clock: a duration is then one subtraction.
        let started: UInt64
        /// Nil until the exchange is journaled, and when the journal it goes into is off.
        var journal: JournalEntry?
        /// The journal the entry goes into (a session's, for its requests).
        fileprivate var destination: Journal?

        /// Captures `request` for `journal` (nil: none), with `redactor`'s secrets replaced.
        mutating func journal(_ request: ServerRequest, into journal: Journal?, redactor: Redactor?) {
            guard let journal else { return }
            self.journal = JournalEntry(request, recording: redactor)
            destination = journal
        }
    }

    private let accessLog: AccessLog?
    /// Whether any journal is on: the main one, or (on a session's port) the session's. A request naming a session
    /// goes into that session's journal, which is always on when this one is.
    private let journaling: Bool

    /// Writes to `accessLog` and to the journals, when `journaling`.
    init(accessLog: AccessLog?, journaling: Bool) {
        self.accessLog = accessLog
        self.journaling = journaling
    }

    /// Starts the entry of a request, or returns nil when neither log is on (`path` is evaluated only when one is).
    func start(method: String, path: @autoclosure () -> String) -> Entry? {
        guard accessLog != nil || journaling else { return nil }
        return Entry(method: method, path: path(), started: DispatchTime.now().uptimeNanoseconds)
    }

    /// Writes the access-log line and (when the exchange was journaled) the journal entry of an answered request.
    func write(_ entry: consuming Entry, _ ending: borrowing Exchange.Ending) {
        let nanoseconds = Int64(clamping: DispatchTime.now().uptimeNanoseconds &- entry.started)
        let duration = Duration.nanoseconds(nanoseconds)
        accessLog?.record(
            method: entry.method,
            path: entry.path,
            status: ending.status,
            fixture: ending.label ?? ending.fixture,
            details: Self.accessLogDetails(ending),
            duration: duration
        )
        guard let journal = entry.destination, var completed = entry.journal.take() else { return }
        completed.fixture = ending.fixture
        completed.variant = ending.variant
        completed.answer = ending.answer
        completed.answer.status = UInt16(clamping: ending.status)
        completed.durationNanoseconds = nanoseconds
        completed.simulation = ending.details
        completed.extras = JournalExtras.of(
            graphQLOperations: ending.graphQLOperations,
            contract: ending.contract,
            webSocket: ending.webSocket?.snapshot
        )
        journal.record(completed)
    }

    /// What the access log adds after the duration: the GraphQL operations (`graphql=GetUser`), what the spec made
    /// of the request and its answer (`not-in-spec`, `violations=2`, `response-violations=1`), then the details.
    private static func accessLogDetails(_ ending: borrowing Exchange.Ending) -> String? {
        guard ending.graphQLOperations != nil || ending.contract != nil else { return ending.details }
        var parts: [String] = []
        if let names = ending.graphQLOperations {
            parts.append("graphql=" + names.map { $0.isEmpty ? "(anonymous)" : $0 }.joined(separator: ","))
        }
        if let contract = ending.contract {
            if contract.operation == nil { parts.append("not-in-spec") }
            if !contract.requestViolations.isEmpty { parts.append("violations=\(contract.requestViolations.count)") }
            if !contract.responseViolations.isEmpty {
                parts.append("response-violations=\(contract.responseViolations.count)")
            }
        }
        if let details = ending.details { parts.append(details) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
