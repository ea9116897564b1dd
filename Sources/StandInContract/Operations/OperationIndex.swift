/// The operations of a contract arranged for lookup: per method, a dictionary of literal paths and, for templates,
/// buckets by segment count and first literal segment below the base path, each bucket sorted most specific first.
/// A request costs one dictionary lookup, or a walk of the few templates that share its length and first segment.
struct OperationIndex: Sendable {
    /// One method's operations.
    private struct MethodTable: Sendable {
        var literal: [String: Int] = [:]
        /// Templates by segment count, then first literal segment (`""` for templates that start with a parameter).
        var templates: [Int: [String: [(template: PathTemplate, operation: Int)]]] = [:]
    }

    private var tables: [String: MethodTable] = [:]
    /// The base path every operation's path starts with, left out of the index.
    private let basePath: String

    /// The index of `operations`, whose paths all start with `basePath`; a later duplicate of a method and path is
    /// ignored.
    init(_ operations: [ContractOperation], basePath: String) {
        self.basePath = basePath
        // Each table is changed where it is stored: a copy taken out and put back would copy its dictionaries on
        // every operation, which makes a large spec's index quadratic.
        for (offset, operation) in operations.enumerated() {
            let relative = String(operation.path.dropFirst(basePath.count))
            let template = PathTemplate(relative)
            if template.isLiteral {
                if tables[operation.method, default: MethodTable()].literal[relative] == nil {
                    tables[operation.method, default: MethodTable()].literal[relative] = offset
                }
            } else {
                tables[operation.method, default: MethodTable()]
                    .templates[template.segments.count, default: [:]][template.firstLiteral ?? "", default: []]
                    .append((template, offset))
            }
        }
        for method in tables.keys {
            for count in tables[method]!.templates.keys {
                for first in tables[method]!.templates[count]!.keys {
                    tables[method]!.templates[count]![first]!.sort { $0.template.isMoreSpecific(than: $1.template) }
                }
            }
        }
    }

    /// The index of the operation for `method` and `path`, with the path parameters it captured.
    func lookup(method: String, path fullPath: String) -> (operation: Int, captures: [String: String])? {
        guard let table = tables[method], fullPath.hasPrefix(basePath) else { return nil }
        var path = fullPath.dropFirst(basePath.count)
        if path.isEmpty { path = "/" }
        if let literal = table.literal[String(path)] { return (literal, [:]) }
        guard path.hasPrefix("/") else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard let byFirst = table.templates[segments.count] else { return nil }
        let first = String(segments.first ?? "")
        for bucket in [byFirst[first], first.isEmpty ? nil : byFirst[""]] {
            for entry in bucket ?? [] {
                if let captures = entry.template.match(segments) { return (entry.operation, captures) }
            }
        }
        return nil
    }
}
