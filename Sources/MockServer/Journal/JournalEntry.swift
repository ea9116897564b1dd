import Foundation

/// One request as the journal keeps it: what arrived (secrets redacted, body cut at `Journal.maxBodyBytes`) and how
/// it was answered. At most 128 bytes (see `JournalAnswer`), its fields ordered so that the small ones share padding.
struct JournalEntry: Sendable {
    /// What the journal keeps of a request no fixture answered.
    enum Unanswered: Sendable {
        /// The nearest fixtures and what differed.
        case nearMisses([JournalNearMiss])
        /// A fallback backend's answer as a fixture's `response` (compact JSON), as `record` would write it.
        case upstream([UInt8])
    }

    /// Numbered from 1 in the order requests finished; numbers go on across `clear`.
    var number = 0
    /// When the request arrived.
    let time: Date
    /// Method, path, query and headers (secret values replaced by `<redacted>`), packed.
    let head: JournalRequestHead
    /// The body, at most `Journal.maxBodyBytes` of it.
    let body: [UInt8]
    /// Its status, envelope code and fault, and what they came to.
    var answer = JournalAnswer()
    /// Whether the body was longer than what is kept.
    let bodyTruncated: Bool
    /// The fixture that answered; nil when none matched.
    var fixture: String?
    /// The variant served.
    var variant: String?
    /// How long the answer took, in nanoseconds: 8 bytes where a `Duration` takes 16, so that an entry stays within
    /// the 128 bytes moved in registers (see `JournalAnswer`).
    var durationNanoseconds: Int64 = 0
    /// What the simulation did, as the access log says it (`variant=… delay=200ms fault=connection-reset`); nil for
    /// nothing.
    var simulation: String?
    /// For a request no fixture answered: its near misses, or the fallback backend's answer.
    var unanswered: Unanswered?
    /// What only some entries say (GraphQL operations, a spec's verdict); nil for the rest.
    var extras: JournalExtras?

    /// What the entry holds in memory, about: its packed head, its body, its near misses or a fallback backend's
    /// answer, a WebSocket's messages, and a share for itself.
    var cost: Int {
        let unansweredCost =
            switch unanswered {
            case .nearMisses(let misses):
                misses.reduce(0) { total, miss in
                    total + miss.fixture.utf8.count + miss.endpoint.utf8.count
                        + miss.differences.reduce(0) { $0 + $1.utf8.count }
                }
            case .upstream(let response): response.count
            case nil: 0
            }
        return Self.fixedCost + head.byteCount + body.count + unansweredCost + (webSocket?.byteCount ?? 0)
    }

    /// An entry's own size and its strings' headers, about.
    private static let fixedCost = 256

    /// An entry for a request that arrived at `time`, before its answer.
    init(time: Date, head: JournalRequestHead, body: [UInt8], bodyTruncated: Bool) {
        self.time = time
        self.head = head
        self.body = body
        self.bodyTruncated = bodyTruncated
    }

    /// How long the answer took, from arrival to the end of the answer.
    var duration: Duration { .nanoseconds(durationNanoseconds) }

    /// Whether no fixture answered.
    var isUnmatched: Bool { fixture == nil }

    /// The status sent (or, for a fault that sent none, the one planned).
    var status: Int { Int(answer.status) }

    /// For an unmatched request: the nearest fixtures and what differed.
    var nearMisses: [JournalNearMiss] {
        guard case .nearMisses(let misses) = unanswered else { return [] }
        return misses
    }

    /// The GraphQL operations the request asked for, by name (`""` for an anonymous one); nil when it was not read
    /// as GraphQL.
    var graphQLOperations: [String]? { extras?.graphQLOperations }
    /// Under a spec (`serve --spec`), the operation and what the request and its answer broke.
    var contract: ContractNote? { extras?.contract }

    /// For a WebSocket, its messages both ways and how it ended.
    var webSocket: WebSocketTranscript.Snapshot? { extras?.webSocket }

    var method: String { head.method }
    var path: String { head.path }
    /// The raw query string, without `?`.
    var query: String? { head.query }
    /// The headers as received, with secret values replaced by `<redacted>`.
    var headers: [(name: String, value: String)] { head.headers }
}

/// A fixture that nearly answered an unmatched request, as text (the journal keeps no fixture alive).
struct JournalNearMiss: Sendable {
    let fixture: String
    let endpoint: String
    let differences: [String]
}

/// Which journal entries a caller wants: `?method=&path=&unmatched=true`.
struct JournalFilter: Sendable {
    /// Upper-case method, or any.
    var method: String?
    /// A literal path, or a template whose `{name}` segments match any one segment.
    var path: String?
    /// Only requests no fixture answered.
    var unmatchedOnly = false

    func accepts(_ entry: JournalEntry) -> Bool {
        if unmatchedOnly, !entry.isUnmatched { return false }
        if let method, method != entry.method { return false }
        if let path, !Self.path(entry.path, matches: path) { return false }
        return true
    }

    private static func path(_ path: String, matches filter: String) -> Bool {
        guard filter.contains("{") else { return path == filter }
        let wanted = filter.split(separator: "/", omittingEmptySubsequences: false)
        let actual = path.split(separator: "/", omittingEmptySubsequences: false)
        guard wanted.count == actual.count else { return false }
        return zip(wanted, actual).allSatisfy { want, have in
            (want.hasPrefix("{") && want.hasSuffix("}") && !have.isEmpty) || want == have
        }
    }
}
