import StandInFixtures

/// The endpoint table `serve` prints at start and `list` prints, sorted by path then method: method, path, what else
/// a request must carry (so that two fixtures of one endpoint can be told apart), status, variants and fixture file.
/// A resource is one row, `ANY /todos`, marked `resource` and without a status of its own.
struct EndpointTable {
    private static let header = ["METHOD", "PATH", "MATCH", "STATUS", "VARIANTS", "FIXTURE"]
    /// The widest a MATCH or VARIANTS cell gets before it is cut with `…`; fixtures can hold long values.
    private static let maxCellLength = 60
    private let rows: [[String]]

    init(_ fixtures: [Fixture], resources: [ResourceDefinition] = []) {
        let resourceIDs = Set(resources.map(\.id))
        // Each fixture's path and method are described once, not once per comparison.
        let endpoints = (fixtures + resources.map(\.fixture)).map { fixture in
            (path: fixture.request.path.description, method: fixture.request.method.description, fixture: fixture)
        }
        rows =
            endpoints
            .sorted { ($0.path, $0.method, $0.fixture.id) < ($1.path, $1.method, $1.fixture.id) }
            .map { path, method, fixture in
                let isResource = resourceIDs.contains(fixture.id)
                return [
                    method, path,
                    isResource
                        ? "resource, and \(fixture.request.path)/{id}" : Self.cell(Self.conditions(of: fixture)),
                    isResource ? "-" : String(fixture.response.status),
                    Self.cell(fixture.variantNames), fixture.id,
                ]
            }
    }

    /// The table as aligned text, with a header row. Built as bytes, each cell's width counted once: `serve` prints
    /// it before it answers, for every fixture.
    var rendered: String {
        let table = [Self.header] + rows
        let lengths = table.map { row in row.map(\.count) }
        let widths = Self.header.indices.map { column in lengths.lazy.map { $0[column] }.max() ?? 0 }
        var text: [UInt8] = []
        text.reserveCapacity(table.count * (widths.reduce(0, +) + 2 * widths.count))
        for (row, rowLengths) in zip(table, lengths) {
            if !text.isEmpty { text.append(UInt8(ascii: "\n")) }
            for column in row.indices {
                text += row[column].utf8
                guard column < row.count - 1 else { continue }
                text += repeatElement(UInt8(ascii: " "), count: widths[column] - rowLengths[column] + 2)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// What a request must carry beyond method and path: `host api.example.com`, `query page=2`,
    /// `header authorization absent`, `body json`, `graphql GetUser`, and the priority when it is not the default.
    private static func conditions(of fixture: Fixture) -> [String] {
        let pattern = fixture.request
        var conditions = pattern.host.map { ["host \($0)"] } ?? []
        conditions += pattern.query.map { "query \(describe($0))" } + pattern.headers.map { "header \(describe($0))" }
        if let body = pattern.body { conditions.append("body \(kind(of: body))") }
        if let graphql = pattern.graphql { conditions.append("graphql \(graphql)") }
        if fixture.priority != 0 { conditions.append("priority \(fixture.priority)") }
        return conditions
    }

    private static func describe(_ field: FieldMatcher) -> String {
        if case .equals(let value) = field.matcher { return "\(field.name)=\(value)" }
        return "\(field.name) \(field.matcher)"
    }

    private static func kind(of body: BodyMatcher) -> String {
        switch body {
        case .json: "json"
        case .equalsJSON: "equalsJSON"
        case .equals: "equals"
        case .contains: "contains"
        case .regex: "regex"
        case .sha256: "sha256"
        }
    }

    /// The parts joined with commas, `-` when there are none, cut to `maxCellLength`.
    private static func cell(_ parts: [String]) -> String {
        let text = parts.isEmpty ? "-" : parts.joined(separator: ", ")
        return text.count > maxCellLength ? text.prefix(maxCellLength - 1) + "…" : text
    }
}
