import Foundation

/// Turns exchanges into fixture files under `<mocks>/<into>/` for one recording run: one file per distinct
/// request; a request answered differently later in the run becomes a `sequence` of its answers, in order.
///
/// The secret values seen during the run are remembered (the newest ``rememberedSecrets``, up to
/// ``rememberedSecretBytes`` in all), so that a token one answer handed out is also replaced where a later request or
/// answer carries it. They are searched for in one pass over each text, however many there are (`SecretIndex`).
///
/// An actor: exchanges arrive from many upstream calls at once, and each file's run state and writes are serialised
/// here.
public actor FixtureRecorder {
    #if os(Linux)
    private nonisolated let executor = QueueExecutor(label: "standin.fixture-recorder")
    /// Writes wait for the disk, so the recorder runs on a queue of its own (see `QueueExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    #endif

    /// A sequence grows to at most this many steps; later different answers are not added.
    public static let longestSequence = 100
    /// At most this many secret values are remembered across the run; the oldest are forgotten first.
    public static let rememberedSecrets = 1000
    /// At most this many bytes of secret values are remembered across the run; the oldest are forgotten first, and
    /// a longer value is searched for only in its own exchange.
    public static let rememberedSecretBytes = 1024 * 1024

    private struct Entry {
        let endpoint: String
        let match: JSONNode
        var responses: [RecordedResponse]
        var status: RecordingSummary.FileStatus
    }

    /// The folder files are written in, relative to the mocks directory (`recorded`).
    public let into: String
    let rules: RecordingRules
    let writer: FixtureFileWriter
    private var entries: [String: Entry] = [:]
    /// The WebSocket conversations recorded, by fixture path.
    var conversations: [String: Conversations] = [:]
    var secretMemory = RememberedSecrets(count: rememberedSecrets, bytes: rememberedSecretBytes)
    /// Fixtures this run created: no earlier version left body files beside them.
    private var createdThisRun: Set<String> = []
    /// Whether files are written only by `writeAll()`, once each, instead of after every exchange.
    private let writesAtEnd: Bool

    /// Creates a recorder writing under `mocksDirectory/into`. An import, whose folder is moved into place whole
    /// afterwards, passes `forImport: true`: files are then written once each, by `writeAll()`, without waiting for
    /// the disk after each one (a sequence would otherwise be rewritten with every answer it gains).
    public init(mocksDirectory: URL, into: String, rules: RecordingRules, forImport: Bool = false) {
        self.into = into
        self.rules = rules
        writesAtEnd = forImport
        writer = FixtureFileWriter(root: mocksDirectory.appendingPathComponent(into), syncsEachFile: !forImport)
    }

    /// Removes the temporary files that an earlier run, killed mid-write, left in the folder; returns how many.
    public nonisolated func removeLeftoverTemporaries() -> Int {
        writer.removeLeftoverTemporaries()
    }

    /// The fixture id (path relative to the mocks directory) an exchange with this request would be written to; for
    /// a GraphQL batch, the first operation's.
    public nonisolated func fixtureID(for exchange: RecordedExchange) -> String {
        let secrets = SecretIndex(rules.redactor.secrets(in: exchange))
        if let first = RecordedGraphQLOperation.operations(in: exchange, answered: false)?.first {
            let match = RecordedMatch(graphQL: first.operation, of: first.exchange, rules: rules, secrets: secrets)
            return into + "/" + graphQLPath(match, first.operation, host: exchange.host)
        }
        return into + "/" + relativePath(RecordedMatch(exchange, rules: rules, secrets: secrets), exchange)
    }

    /// Records one exchange and says what happened to its file. A GraphQL request becomes a `graphql` fixture under
    /// `graphql/`, named by its operation; a batch, one per operation, each with its element of the answer. A
    /// persisted query the backend did not know (`PersistedQueryNotFound`) is not written: the outcome then names no
    /// file.
    public func record(_ exchange: RecordedExchange) throws -> RecordingOutcome {
        // A batch's secrets are found in all of it at once, so each operation's file is searched for every one.
        let secrets = secretMemory.index(adding: rules.redactor.secrets(in: exchange))
        guard let operations = RecordedGraphQLOperation.operations(in: exchange) else {
            let match = RecordedMatch(exchange, rules: rules, secrets: secrets)
            let response = RecordedResponse(exchange, rules: rules, secrets: secrets)
            let path = relativePath(match, exchange)
            let label = try store(response, of: match.node, to: path, endpoint: exchange.endpoint)
            return RecordingOutcome(fixtureIDs: [into + "/" + path], label: label)
        }
        var ids: [String] = []
        var labels: [RecordingOutcome.Label] = []
        for recorded in operations where !recorded.isUnknownPersistedQuery {
            let match = RecordedMatch(
                graphQL: recorded.operation,
                of: recorded.exchange,
                rules: rules,
                secrets: secrets
            )
            let response = RecordedResponse(recorded.exchange, rules: rules, secrets: secrets, graphQL: true)
            let path = graphQLPath(match, recorded.operation, host: exchange.host)
            let name = recorded.operation.operationName ?? "(anonymous)"
            let endpoint = "\(exchange.method) \(exchange.path) \(name)"
            labels.append(try store(response, of: match.node, to: path, endpoint: endpoint))
            ids.append(into + "/" + path)
        }
        let label: RecordingOutcome.Label =
            labels.contains(.recorded) ? .recorded : labels.contains(.updated) ? .updated : .unchanged
        return RecordingOutcome(
            fixtureIDs: ids,
            label: label,
            graphQLOperations: operations.map { $0.operation.operationName ?? "" }
        )
    }

    /// Adds `response` to the fixture at `path` that `match` (a `request` object) makes, and writes it unless writes
    /// wait for the end: a new fixture, a sequence one answer longer, or nothing when the only answer so far is the
    /// same.
    private func store(
        _ response: RecordedResponse,
        of match: JSONNode,
        to path: String,
        endpoint: String
    ) throws -> RecordingOutcome.Label {
        var entry =
            entries[path].flatMap { $0.match.prettyBytes == match.prettyBytes ? $0 : nil }
            ?? Entry(endpoint: endpoint, match: match, responses: [], status: .unchanged)
        let isFirst = entry.responses.isEmpty
        if !isFirst {
            let repeatsOnlyAnswer =
                entry.responses.count == 1
                && entry.responses[0].isSame(as: response) { writer.holds($0, at: Self.bodyFile(of: path, step: 1)) }
            guard !repeatsOnlyAnswer, entry.responses.count < Self.longestSequence else { return .unchanged }
        }
        entry.responses.append(response)
        let result = writesAtEnd ? (isFirst ? .created : .changed) : try write(entry, to: path)
        // Written: the body files hold the large bodies now, and a long run must not keep them all in memory.
        if !writesAtEnd { for step in entry.responses.indices { entry.responses[step].largeBody = nil } }
        entry.status.update(after: result, isFirst: isFirst)
        entries[path] = entry
        return result.label
    }

    /// Writes every fixture of the run (for a recorder made `forImport`).
    public func writeAll() throws {
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) { _ = try write(entry, to: path) }
    }

    /// What the run has written so far.
    public var summary: RecordingSummary {
        RecordingSummary(
            folder: into,
            files: (entries.map { path, entry in
                RecordingSummary.File(
                    endpoint: entry.endpoint,
                    id: into + "/" + path,
                    status: entry.status,
                    responses: entry.responses.count
                )
            }
                + conversations.map { path, conversations in
                    RecordingSummary.File(
                        endpoint: conversations.endpoint,
                        id: into + "/" + path,
                        status: conversations.status,
                        responses: conversations.steps.count
                    )
                }).sorted { $0.id < $1.id }
        )
    }

    /// Writes the fixture and the files of the large bodies it holds (those already written keep their files), then
    /// removes body files an earlier version left; returns what happened to the fixture file.
    private func write(_ entry: Entry, to path: String) throws -> FixtureFileWriter.Result {
        var responses: [JSONNode] = []
        var bodyFiles: Set<String> = []
        for (offset, response) in entry.responses.enumerated() {
            var file: String?
            if response.largeBodyCount != nil {
                let bodyPath = Self.bodyFile(of: path, step: offset + 1)
                if let body = response.largeBody { _ = try writer.write(body, to: bodyPath) }
                let name = bodyPath.split(separator: "/").last.map(String.init) ?? bodyPath
                bodyFiles.insert(name)
                file = name
            }
            responses.append(response.node(file: file))
        }
        var members = [JSONNode.Member(key: "request", value: entry.match)]
        if responses.count == 1 {
            members.append(JSONNode.Member(key: "response", value: responses[0]))
        } else {
            members.append(JSONNode.Member(key: "sequence", value: JSONNode(.array(responses))))
        }
        let result = try writer.write(JSONNode(.object(members)).prettyBytes, to: path)
        if result == .created { createdThisRun.insert(path) }
        // Only once the new fixture is in place: until then the old one may still name them. A sequence only grows
        // within a run, so a fixture this run created has none that are stale.
        if !createdThisRun.contains(path) { _ = try? writer.removeStaleBodies(of: path, keeping: bodyFiles) }
        return result
    }

    /// The body file of a fixture's `step`th answer (from 1): `users/GET-users.json` → `users/GET-users.2.body`.
    private static func bodyFile(of path: String, step: Int) -> String {
        "\(path.dropLast(".json".count)).\(step).body"
    }

    private nonisolated func graphQLPath(
        _ match: RecordedMatch,
        _ operation: GraphQLRequestOperation,
        host: String?
    ) -> String {
        FixtureNamer.inHostFolder(
            host,
            FixtureNamer.graphQLPath(
                operationName: operation.operationName,
                matchDigest: SHA256.hex(match.node.prettyBytes),
                hasDetails: match.hasDetails
            )
        )
    }

    nonisolated func relativePath(_ match: RecordedMatch, _ exchange: RecordedExchange) -> String {
        FixtureNamer.inHostFolder(
            exchange.host,
            FixtureNamer.relativePath(
                method: exchange.method,
                path: exchange.path,
                matchDigest: SHA256.hex(match.node.prettyBytes),
                hasDetails: match.hasDetails
            )
        )
    }
}

extension RecordingSummary.FileStatus {
    /// The status of a file after a write of it came to `result`; `isFirst` for the run's first write of it.
    mutating func update(after result: FixtureFileWriter.Result, isFirst: Bool) {
        if isFirst {
            self = result == .created ? .new : result == .changed ? .updated : .unchanged
        } else if result == .changed, self == .unchanged {
            self = .updated
        }
    }
}

extension FixtureFileWriter.Result {
    /// How the access log marks a write that came to this.
    var label: RecordingOutcome.Label {
        switch self {
        case .created: .recorded
        case .changed: .updated
        case .unchanged: .unchanged
        }
    }
}
