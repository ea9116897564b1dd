/// A recorded exchange's request as matching sees it, so that the recorder reads it (as GraphQL, say) the way a
/// replay will.
struct RecordedRequest: IncomingRequest {
    /// The exchange whose request this is.
    let exchange: RecordedExchange

    var method: String { exchange.method }
    var path: String { exchange.path }
    var rawQuery: Substring? { exchange.rawQuery.map { Substring($0) } }
    var body: [UInt8] { exchange.requestBody }

    func header(named name: String) -> String? {
        exchange.requestHeader(named: name)
    }
}
