import StandInFixtures

/// Short ways to build the admin API's JSON answers.
enum AdminJSON {
    static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { JSONNode.Member(key: $0.0, value: $0.1) }))
    }

    static func string(_ text: String?) -> JSONNode {
        text.map { JSONNode(.string($0)) } ?? null
    }

    static func int(_ value: Int) -> JSONNode {
        JSONNode(.number(String(value)))
    }

    static func bool(_ value: Bool) -> JSONNode {
        JSONNode(.bool(value))
    }

    static func array(_ elements: [JSONNode]) -> JSONNode {
        JSONNode(.array(elements))
    }

    static func strings(_ texts: [String]) -> JSONNode {
        array(texts.map { JSONNode(.string($0)) })
    }

    static let null = JSONNode(.null)
}
