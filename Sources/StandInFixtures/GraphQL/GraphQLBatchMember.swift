/// One operation of a GraphQL batch as matching and rendering see it: a POST of that operation's JSON to the
/// batch's path, with the batch's query and headers.
struct GraphQLBatchMember<Batch: IncomingRequest>: IncomingRequest {
    /// The batch request.
    let batch: Batch
    /// The operation's JSON, compact.
    let body: [UInt8]

    var method: String { "POST" }
    var path: String { batch.path }
    var rawQuery: Substring? { batch.rawQuery }

    func header(named name: String) -> String? {
        name.lowercased() == "content-type" ? "application/json" : batch.header(named: name)
    }
}
