/// One response a spec lists for an operation.
public struct ContractResponse: Sendable, Hashable {
    /// The status as the spec writes it: `200`, `4XX` or `default`.
    public let status: String
    /// The content types it lists for that status, in the order written (empty for a response without a body).
    public let contentTypes: [String]

    /// A response listed for `status` with `contentTypes`.
    public init(status: String, contentTypes: [String]) {
        self.status = status
        self.contentTypes = contentTypes
    }

    /// Whether a response with `status` falls under this entry (`4XX` covers 404; `default` covers any status).
    public func covers(status: Int) -> Bool {
        switch precedence(for: status) {
        case .some: true
        case .none: false
        }
    }

    /// How closely this entry names `status`: 2 for the status itself, 1 for its range (`4XX`), 0 for `default`;
    /// nil when it does not cover it.
    func precedence(for status: Int) -> Int? {
        let written = self.status
        if written == "default" { return 0 }
        if let exact = Int(written) { return exact == status ? 2 : nil }
        let utf8 = Array(written.utf8)
        guard utf8.count == 3, (49...53).contains(utf8[0]), utf8[1] | 0x20 == UInt8(ascii: "x"),
            utf8[2] | 0x20 == UInt8(ascii: "x")
        else { return nil }
        return Int(utf8[0] - 48) == status / 100 && (100...599).contains(status) ? 1 : nil
    }
}
