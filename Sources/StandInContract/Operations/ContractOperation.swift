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

    /// The path read for matching.
    let template: PathTemplate
    /// The parameters, the path item's merged with the operation's (the operation's win by name and location).
    let parameters: [ContractParameter]
    /// The request body, when the spec describes one.
    let requestBody: ContractRequestBody?
    /// The `content` of each of `responses`, in the same order.
    let responseContent: [[ContractMediaType]]

    /// Every way `request` breaks the operation: path, query, header and cookie parameters (required, schema,
    /// style/explode), the body's content type and the body against its schema. Empty when it conforms.
    public func requestViolations<Request: IncomingRequest>(of request: Request) -> [ContractViolation] {
        let captures = template.match(Self.segments(of: request.path)) ?? [:]
        var violations = parameterViolations(of: request, captures: captures)
        violations += requestBody?.violations(of: request) ?? []
        return violations
    }

    /// The parameters' violations, `captures` being what the path template captured from the request's path.
    func parameterViolations<Request: IncomingRequest>(
        of request: Request,
        captures: [String: String]
    ) -> [ContractViolation] {
        guard !parameters.isEmpty else { return [] }
        let needsCookies = parameters.contains { $0.location == .cookie }
        let values = RequestParameters(
            query: RequestParameters.fields(of: request.rawQuery),
            cookies: needsCookies ? RequestParameters.cookies(of: request.header(named: "Cookie")) : [],
            path: captures,
            header: { request.header(named: $0) },
            declaredQueryNames: Set(parameters.lazy.filter { $0.location == .query }.map(\.name))
        )
        return parameters.flatMap { $0.violations(of: values.value(of: $0)) }
    }

    /// The segments of a request's path after its leading `/`.
    static func segments(of path: String) -> [Substring] {
        let body = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        return body.split(separator: "/", omittingEmptySubsequences: false)
    }
}
