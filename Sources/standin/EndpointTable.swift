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
        rows =
            (fixtures + resources.map(\.fixture))
            .sorted {
                ($0.request.path.description, $0.request.method.description, $0.id) < (
                    $1.request.path.description, $1.request.method.description, $1.id
                )
            }
            .map { fixture in
                let isResource = resourceIDs.contains(fixture.id)
                return [
                    fixture.request.method.description, fixture.request.path.description,
                    isResource
                        ? "resource, and \(fixture.request.path)/{id}" : Self.cell(Self.conditions(of: fixture)),
                    isResource ? "-" : String(fixture.response.status),
                    Self.cell(fixture.variantNames), fixture.id,
                ]
            }
    }

    /// The table as aligned text, with a header row.
    var rendered: String {
        let table = [Self.header] + rows
        let widths = Self.header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            zip(row, widths).enumerated().map { column, cell in
                column == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// What a request must carry beyond method and path: `query page=2`, `header authorization absent`,
    /// `body json`, and the priority when it is not the default.
    private static func conditions(of fixture: Fixture) -> [String] {
        let pattern = fixture.request
        var conditions =
            pattern.query.map { "query \(describe($0))" } + pattern.headers.map { "header \(describe($0))" }
        if let body = pattern.body { conditions.append("body \(kind(of: body))") }
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

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
