import Foundation
import NetworkCore

/// JSON as the docs show it, where `…` stands for what varies or is left out: as a value, any value; as an object
/// member or an array element, more members or elements; inside a string, any run of characters.
indirect enum JSONPattern: Sendable {
    case anything
    case text(Wildcard)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONPattern], open: Bool)
    case object([String: JSONPattern], open: Bool)

    private static let more = "\u{1}more"
    private static let any = "\u{1}any"

    /// The pattern a text shows, or nil if it is not JSON (with `…`).
    init?(_ text: String) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(Self.plainJSON(text).utf8)) else {
            return nil
        }
        self.init(value)
    }

    private init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .number(Double(int))
        case .double(let double): self = .number(double)
        case .string(Self.any): self = .anything
        case .string(let string): self = .text(Wildcard(string))
        case .array(let elements):
            let listed = elements.filter { $0 != .string(Self.more) }
            self = .array(listed.map(JSONPattern.init), open: listed.count < elements.count)
        case .object(let members):
            let listed = members.filter { !$0.key.hasPrefix(Self.more) }
            self = .object(listed.mapValues(JSONPattern.init), open: listed.count < members.count)
        }
    }

    /// JSON text in which each `…` outside strings is replaced by a marker string this type reads back.
    private static func plainJSON(_ text: String) -> String {
        var output = ""
        var inString = false
        var escaped = false
        var containers: [Character] = []
        var previous: Character?
        var markers = 0
        for character in text {
            if inString {
                output.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    previous = character
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": containers.append(character)
            case "}", "]": _ = containers.popLast()
            case "…":
                markers += 1
                if previous == ":" || containers.isEmpty {
                    output += "\"\\u0001any\""
                } else if containers.last == "{" {
                    output += "\"\\u0001more\(markers)\":null"
                } else {
                    output += "\"\\u0001more\""
                }
                previous = "\""
                continue
            default: break
            }
            output.append(character)
            if !character.isWhitespace { previous = character }
        }
        return output
    }

    /// What differs between `value` and the pattern, one sentence each; empty when it matches.
    func mismatches(_ value: JSONValue, at path: String = "$") -> [String] {
        switch (self, value) {
        case (.anything, _), (.null, .null): return []
        case (.text(let pattern), .string(let string)):
            return pattern.matches(string) ? [] : ["\(path) is \"\(string)\", not as shown"]
        case (.number(let number), .int(let int)):
            return Double(int) == number ? [] : ["\(path) is \(int), not \(Self.written(number))"]
        case (.number(let number), .double(let double)):
            return double == number ? [] : ["\(path) is \(double), not \(Self.written(number))"]
        case (.bool(let bool), .bool(let actual)):
            return bool == actual ? [] : ["\(path) is \(actual), not \(bool)"]
        case (.array(let elements, let open), .array(let actual)):
            guard actual.count == elements.count || (open && actual.count > elements.count) else {
                return ["\(path) has \(actual.count) element(s), not \(elements.count)\(open ? " or more" : "")"]
            }
            return zip(elements, actual).enumerated().flatMap { $1.0.mismatches($1.1, at: "\(path)[\($0)]") }
        case (.object(let members, let open), .object(let actual)):
            let missing = members.keys.filter { actual[$0] == nil }.sorted().map { "\(path) has no \"\($0)\"" }
            let extra =
                open ? [] : actual.keys.filter { members[$0] == nil }.sorted().map { "\(path) has \"\($0)\" too" }
            let differing = members.keys.sorted().flatMap { key in
                actual[key].map { members[key]!.mismatches($0, at: "\(path).\(key)") } ?? []
            }
            return missing + extra + differing
        default:
            return ["\(path) is \(value), of another type than shown"]
        }
    }

    /// A number as the docs write it: `2`, not `2.0`.
    private static func written(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
