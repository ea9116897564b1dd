/// What a journal entry says of some requests only: the GraphQL operations asked for, what a spec made of the
/// request and its answer, a WebSocket's messages. Boxed, so that an entry stays within its 128 bytes, pays one
/// reference for all of them, and allocates nothing for a request with none (`of`).
final class JournalExtras: Sendable {
    /// The GraphQL operations the request asked for, by name; nil when it was not read as GraphQL.
    let graphQLOperations: [String]?
    /// The spec's verdict, under `serve --spec`.
    let contract: ContractNote?
    /// For a WebSocket, its messages both ways and how it ended.
    let webSocket: WebSocketTranscript.Snapshot?

    /// The extras of a request, or nil when it has none. A function, not a failable initializer: a class's failable
    /// initializer allocates the instance before it can fail.
    static func of(
        graphQLOperations: [String]?,
        contract: ContractNote?,
        webSocket: WebSocketTranscript.Snapshot? = nil
    ) -> JournalExtras? {
        guard graphQLOperations != nil || contract != nil || webSocket != nil else { return nil }
        return JournalExtras(graphQLOperations: graphQLOperations, contract: contract, webSocket: webSocket)
    }

    private init(graphQLOperations: [String]?, contract: ContractNote?, webSocket: WebSocketTranscript.Snapshot?) {
        self.graphQLOperations = graphQLOperations
        self.contract = contract
        self.webSocket = webSocket
    }
}
