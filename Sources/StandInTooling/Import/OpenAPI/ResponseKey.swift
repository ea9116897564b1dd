/// A key of an operation's `responses`: a status code (`"404"`), a range (`"4XX"`, served as 400) or `"default"`.
struct ResponseKey {
    /// The key as the spec writes it, and the variant name it gets.
    let name: String
    /// The status served; `default` is served as 200 when it is the operation's only answer of success, else 500.
    let status: Int
    /// Whether the key is `default`.
    let isDefault: Bool
    /// Whether the key is a range (`2XX`), which an exact code of the same class goes before.
    let isRange: Bool

    /// Reads a key; nil for a key that is none of the three forms.
    init?(_ name: String) {
        self.name = name
        isDefault = name == "default"
        let characters = Array(name.uppercased())
        isRange = characters.count == 3 && characters[1...] == ["X", "X"]
        if isDefault {
            status = 500
        } else if isRange, let digit = characters[0].wholeNumberValue, (1...5).contains(digit) {
            status = digit * 100
        } else if let code = Int(name), (100...599).contains(code), characters.count == 3 {
            status = code
        } else {
            return nil
        }
    }

    /// Whether the key answers with success (2xx).
    var isSuccess: Bool { !isDefault && (200..<300).contains(status) }

    /// The key whose response is the operation's default answer: the lowest 2xx (an exact code before a range),
    /// else `default`, else the lowest code there is.
    static func defaultAnswer(among keys: [ResponseKey]) -> ResponseKey? {
        let order: (ResponseKey, ResponseKey) -> Bool = {
            ($0.status, $0.isRange ? 1 : 0) < ($1.status, $1.isRange ? 1 : 0)
        }
        return keys.filter(\.isSuccess).min(by: order) ?? keys.first(where: \.isDefault)
            ?? keys.filter { !$0.isDefault }.min(by: order)
    }
}
