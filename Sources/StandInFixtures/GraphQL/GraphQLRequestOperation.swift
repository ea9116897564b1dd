/// One GraphQL operation a request asks for: a POST's JSON body (or one member of a batch), a POST
/// `application/graphql` body, or a GET's query parameters, read and checked (`GraphQLPayload`).
public struct GraphQLRequestOperation: Sendable {
    /// The operation's name: the request's `operationName`, else the name of the document's only operation; nil
    /// for an anonymous operation, or a persisted query sent by hash without a name.
    public let operationName: String?
    /// The document, nil for a persisted query sent by its hash alone.
    public let document: String?
    /// The variables (an object), nil when the request sends none.
    public let variables: JSONNode?
    /// `extensions.persistedQuery.sha256Hash`, lower-cased, for an automatic persisted query.
    public let persistedQueryHash: String?

    /// Creates an operation from its parts, as read from a request.
    public init(operationName: String?, document: String?, variables: JSONNode?, persistedQueryHash: String?) {
        self.operationName = operationName
        self.document = document
        self.variables = variables
        self.persistedQueryHash = persistedQueryHash
    }

    /// The document with every run of white space (and of GraphQL's insignificant commas) made one space, and
    /// none at either end: what a `query` matcher reads, so that indentation does not matter.
    public var collapsedDocument: String? {
        document.map(Self.collapse)
    }

    /// The value of a variable at `path` (`id`, `input.email`, `/input/email`), if the request sends it.
    public func variable(at path: String) -> JSONNode? {
        variables?.value(at: path)
    }

    static func collapse(_ document: String) -> String {
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(document.utf8.count)
        var pendingSpace = false
        for byte in document.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                pendingSpace = !collapsed.isEmpty
            default:
                if pendingSpace { collapsed.append(UInt8(ascii: " ")) }
                pendingSpace = false
                collapsed.append(byte)
            }
        }
        return String(decoding: collapsed, as: UTF8.self)
    }
}
