import Foundation

extension RequestBody {
    /// A GraphQL request, sent as `application/json`: `{"query", "operationName", "variables"}`, without
    /// `variables` when the operation has ``NoVariables``.
    ///
    /// The variables are encoded with the client's encoder, so its date and key strategies apply to them as to any
    /// JSON body; the three keys of the request itself are spelled as GraphQL needs whatever those strategies are.
    public static func graphQL(_ operation: some GraphQLOperation) -> RequestBody {
        RequestBody(contentType: "application/json") { encoder in
            // The members are joined as bytes rather than encoded as one struct: a key strategy such as
            // `.convertToSnakeCase` would otherwise rename `operationName`.
            let fixed = JSONEncoder()
            fixed.outputFormatting = [.withoutEscapingSlashes]
            var body = Data(#"{"query":"#.utf8)
            body += try fixed.encode(operation.document)
            body += Data(#","operationName":"#.utf8)
            body += try fixed.encode(operation.operationName)
            if !(operation.variables is NoVariables) {
                body += Data(#","variables":"#.utf8)
                body += try encoder.encode(operation.variables)
            }
            body += Data("}".utf8)
            return body
        }
    }
}
