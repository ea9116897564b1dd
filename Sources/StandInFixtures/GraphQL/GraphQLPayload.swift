/// What a request to a GraphQL endpoint carries: one operation, a batch, or something a GraphQL server refuses.
///
/// Read from a GET's query parameters (`query`, `operationName`, `variables`, `extensions`), a POST
/// `application/graphql` body (the document; the name and variables from the query string), or a JSON body (a
/// POST's, or a GET's without those parameters): an object is one operation, an array a batch.
///
/// Indirect: a request that is not read as GraphQL keeps only an empty reference for it, which costs nothing to make
/// and to drop.
public indirect enum GraphQLPayload: Sendable {
    /// One operation, read and checked.
    case operation(GraphQLRequestOperation)
    /// A batch: its members, each read on its own (`GraphQLBatch`).
    case batch([JSONNode])
    /// A request a GraphQL server refuses, and why.
    case invalid(GraphQLFailure)

    /// The payload of the request `facts` describe.
    static func read<Request: IncomingRequest>(_ facts: inout RequestFacts<Request>) -> Self {
        let request = facts.request
        if request.method == "GET" || request.method == "HEAD" {
            let document = facts.queryValues(named: "query").first
            // A GET whose operation is in a JSON body, as gql's requests transport sends it, is read like a POST.
            let inBody = document == nil && facts.queryValues(named: "extensions").isEmpty && !facts.bodyBytes().isEmpty
            if !inBody { return readParameters(document: document, from: &facts) }
        }
        let contentType = request.header(named: "Content-Type")?.lowercased() ?? ""
        if contentType.hasPrefix("application/graphql") && !contentType.hasPrefix("application/graphql-response") {
            return readParameters(document: facts.bodyText(), from: &facts)
        }
        guard let body = facts.bodyJSON() else {
            return .invalid(.badRequest("the body is not JSON; send {\"query\": …} or a JSON array of them"))
        }
        if let members = body.elements {
            guard members.count <= GraphQLLimits.maxBatchOperations else {
                return .invalid(
                    .tooLarge(
                        "the batch has \(members.count) operations; StandIn answers batches of up to "
                            + "\(GraphQLLimits.maxBatchOperations)"
                    )
                )
            }
            guard !members.isEmpty else { return .invalid(.badRequest("the batch is empty")) }
            return .batch(members)
        }
        return operation(from: body)
    }

    /// The operation a JSON object (a body, or a batch's member) describes.
    static func operation(from object: JSONNode) -> Self {
        guard case .object = object.value else {
            return .invalid(.badRequest("a GraphQL request is a JSON object, not \(object.typeName)"))
        }
        do throws(GraphQLFailure) {
            let document = try string(object["query"], named: "query")
            let name = try string(object["operationName"], named: "operationName")
            let variables = try variablesObject(object["variables"])
            let hash = try persistedQueryHash(in: object["extensions"])
            return checked(document: document, operationName: name, variables: variables, persistedQueryHash: hash)
        } catch {
            return .invalid(error)
        }
    }

    /// The operation a GET's query parameters (or an `application/graphql` body and the query string) describe;
    /// `variables` and `extensions` are JSON text.
    private static func readParameters<Request: IncomingRequest>(
        document: String?,
        from facts: inout RequestFacts<Request>
    ) -> Self {
        do throws(GraphQLFailure) {
            let variables = try variablesObject(try jsonParameter("variables", of: &facts))
            let hash = try persistedQueryHash(in: try jsonParameter("extensions", of: &facts))
            return checked(
                document: document,
                operationName: facts.queryValues(named: "operationName").first,
                variables: variables,
                persistedQueryHash: hash
            )
        } catch {
            return .invalid(error)
        }
    }

    /// The operation, once its document (if any) parses and names the operation the request asks for.
    private static func checked(
        document: String?,
        operationName: String?,
        variables: JSONNode?,
        persistedQueryHash: String?
    ) -> Self {
        guard let document else {
            guard persistedQueryHash != nil else {
                return .invalid(.badRequest("the request has no \"query\" (and no persisted query hash)"))
            }
            return .operation(
                GraphQLRequestOperation(
                    operationName: operationName,
                    document: nil,
                    variables: variables,
                    persistedQueryHash: persistedQueryHash
                )
            )
        }
        let names: [String?]
        switch GraphQLDocumentSummary.of(document) {
        case .success(let summary): names = summary.operationNames
        case .failure(let failure): return .invalid(failure)
        }
        let name: String?
        if let operationName {
            guard names.contains(operationName) else {
                return .invalid(Self.resolutionFailure("Unknown operation named \"\(operationName)\"."))
            }
            name = operationName
        } else {
            guard names.count == 1 else {
                return .invalid(
                    Self.resolutionFailure(
                        names.isEmpty
                            ? "the document has no operation"
                            : "Must provide operation name if query contains multiple operations."
                    )
                )
            }
            name = names[0]
        }
        return .operation(
            GraphQLRequestOperation(
                operationName: name,
                document: document,
                variables: variables,
                persistedQueryHash: persistedQueryHash
            )
        )
    }

    private static func resolutionFailure(_ message: String) -> GraphQLFailure {
        GraphQLFailure(status: 400, code: "OPERATION_RESOLUTION_FAILURE", message)
    }

    private static func string(_ node: JSONNode?, named name: String) throws(GraphQLFailure) -> String? {
        guard let node = nonNull(node) else { return nil }
        guard let string = node.stringValue else {
            throw .badRequest("\"\(name)\" must be a string, not \(node.typeName)")
        }
        return string
    }

    private static func variablesObject(_ node: JSONNode?) throws(GraphQLFailure) -> JSONNode? {
        guard let node = nonNull(node) else { return nil }
        guard case .object = node.value else {
            throw .badRequest("\"variables\" must be an object, not \(node.typeName)")
        }
        return node
    }

    private static func persistedQueryHash(in extensions: JSONNode?) throws(GraphQLFailure) -> String? {
        guard let extensions = nonNull(extensions) else { return nil }
        guard case .object = extensions.value else {
            throw .badRequest("\"extensions\" must be an object, not \(extensions.typeName)")
        }
        guard let hash = extensions["persistedQuery"]?["sha256Hash"] else { return nil }
        guard let text = hash.stringValue else {
            throw .badRequest("\"extensions.persistedQuery.sha256Hash\" must be a string, not \(hash.typeName)")
        }
        return text.lowercased()
    }

    /// The node, unless it is absent or `null` (which GraphQL clients send for "none").
    private static func nonNull(_ node: JSONNode?) -> JSONNode? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    /// A query parameter that holds JSON text (`variables`, `extensions`), parsed.
    private static func jsonParameter<Request: IncomingRequest>(
        _ name: String,
        of facts: inout RequestFacts<Request>
    ) throws(GraphQLFailure) -> JSONNode? {
        guard let text = facts.queryValues(named: name).first, !text.isEmpty else { return nil }
        do {
            return try JSONParser.parse(Array(text.utf8))
        } catch {
            throw .badRequest("the \"\(name)\" parameter is not JSON: \(error)")
        }
    }
}
