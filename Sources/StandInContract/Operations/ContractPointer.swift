/// JSON pointers (RFC 6901) as the contract writes them into violations and load errors.
enum ContractPointer {
    /// `name` as one pointer token: `~` as `~0`, `/` as `~1`.
    static func escaped(_ name: String) -> String {
        guard name.contains(where: { $0 == "~" || $0 == "/" }) else { return name }
        return name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `pointer` with the token `name` appended.
    static func appending(_ name: String, to pointer: String) -> String {
        pointer + "/" + escaped(name)
    }
}
