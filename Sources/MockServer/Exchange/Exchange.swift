import StandInEngine
import StandInFixtures

/// One request from its arrival to its answer: the request, its request id, and what the access log and the journal
/// will say of it.
///
/// The loop's `Reception` makes one for every request, in front of every responder. However an exchange ends (a
/// fixture's answer with its simulation plan, a JSON reply, a backend's answer relayed by the `UpstreamRelay`, a
/// refusal), it ends in `finish`, the one place that writes its access-log line and its journal entry.
///
/// Not copyable: an exchange finishes once, and every request moves its exchange (with the journal entry it holds)
/// through the responders without a copy. An answer that comes later holds it in a `PendingExchange`.
struct Exchange: ~Copyable {
    /// The request. Once its answer is deferred (a delay, a fault, a backend's answer awaited), reach it through
    /// the `DeferredRequest` instead: the client may be gone.
    let request: ServerRequest
    /// The client's `X-Request-ID`, or a new one: what the answer and its envelope carry.
    let requestId: String
    /// Nil when neither the access log nor the journal is on.
    private var entry: RequestLog.Entry?
    private let log: RequestLog

    init(_ request: ServerRequest, requestId: String, loggedPath: @autoclosure () -> String, log: RequestLog) {
        self.request = request
        self.requestId = requestId
        self.log = log
        entry = log.start(method: request.method, path: loggedPath())
    }

    /// Keeps the request in `journal` (a session's, for its requests; nil for none), with `redactor`'s secrets
    /// replaced (record mode). An exchange that is never journaled (an admin call, a refusal of an unknown session)
    /// only gets its access-log line.
    mutating func journal(into journal: Journal?, redactor: Redactor?) {
        let request = request
        entry?.journal(request, into: journal, redactor: redactor)
    }

    /// What the journal will say no fixture answered: the near misses, or a fallback backend's answer.
    mutating func noteUnanswered(_ unanswered: @autoclosure () -> JournalEntry.Unanswered) {
        entry?.journal?.unanswered = unanswered()
    }

    /// Whether the request is kept in a journal.
    var isJournaled: Bool { entry?.journal != nil }

    /// Writes the access-log line and the journal entry of the answered request, when the answer is over (sent,
    /// faulted or abandoned by the client). The exchange is used up.
    consuming func finish(_ ending: borrowing Ending) {
        guard let entry = entry.take() else { return }
        log.write(entry, ending)
    }
}

extension Exchange {
    /// How an exchange ended, as its access-log line and journal entry say it.
    struct Ending {
        /// The status sent (or, for a fault that sent none, the one planned).
        var status: Int
        /// The fixture that answered, a label for what did (`ADMIN`, `CORS`, `PROXIED`), or nil for `NO MATCH`.
        var fixture: String?
        /// What the access log shows instead of `fixture`, if not that.
        var label: String?
        /// The variant served.
        var variant: String?
        /// What the access log adds: the variant, delay and fault simulated, what became of a recording.
        var details: String?
        /// What the journal adds: the envelope code, the fault, a backend's answer.
        var answer: JournalAnswer
        /// The GraphQL operations the request asked for, by name (`""` for an anonymous one); nil for a request
        /// not read as GraphQL.
        var graphQLOperations: [String]?
        /// Under a spec (`serve --spec`), what the request and its answer came to against it.
        var contract: ContractNote?
        /// For a WebSocket, its messages both ways and how it ended. A reference: an ending is copied several times
        /// per request, and the journal takes the transcript's snapshot once, when it writes the entry.
        var webSocket: WebSocketTranscript?

        init(
            status: Int,
            fixture: String?,
            label: String? = nil,
            variant: String? = nil,
            details: String? = nil,
            answer: JournalAnswer = JournalAnswer()
        ) {
            self.status = status
            self.fixture = fixture
            self.label = label
            self.variant = variant
            self.details = details
            self.answer = answer
        }

        /// The same ending with `note` after its details (record mode's `SERVED`, a hung-up client's `client-gone`).
        consuming func noting(_ note: String?) -> Ending {
            guard let note else { return self }
            details = details.map { "\($0) \(note)" } ?? note
            return self
        }
    }
}
