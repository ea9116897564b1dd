import StandInFixtures

/// One operation of the spec (a method on a path) with what it accepts and answers.
public struct ContractOperation: Sendable {
    /// The method, upper-case (`GET`).
    public let method: String
    /// The path as the spec writes it under the base path: `/v1/pets/{petId}`.
    public let path: String
    /// The spec's `operationId`, when it has one.
    public let operationId: String?
    /// The responses the spec lists, in the order written.
    public let responses: [ContractResponse]

    /// Every way `request` breaks the operation: path, query, header and cookie parameters (required, schema,
    /// style/explode), the body's content type and the body against its schema. Empty when it conforms.
    public func requestViolations<Request: IncomingRequest>(of request: Request) -> [ContractViolation] {
        []
    }

    /// Every way a response with `status`, `contentType` and `body` breaks the operation: a status the spec does not
    /// list, a content type it does not list for that status, a JSON body against the schema. Empty when it
    /// conforms.
    public func responseViolations(status: Int, contentType: String?, body: [UInt8]) -> [ContractViolation] {
        []
    }

    /// As `responseViolations(status:contentType:body:)`, for a body already parsed (a fixture's, whose lines the
    /// caller maps the violations' pointers to); nil for a response without a body.
    public func responseViolations(status: Int, contentType: String?, json: JSONNode?) -> [ContractViolation] {
        []
    }
}

/// One response a spec lists for an operation.
public struct ContractResponse: Sendable, Hashable {
    /// The status as the spec writes it: `200`, `4XX` or `default`.
    public let status: String
    /// The content types it lists for that status, in the order written (empty for a response without a body).
    public let contentTypes: [String]

    /// Whether a response with `status` falls under this entry (`4XX` covers 404; `default` covers any status).
    public func covers(status: Int) -> Bool {
        false
    }
}
