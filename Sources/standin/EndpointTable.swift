import Fixtures

/// The endpoint table `serve` prints at start and `list` prints: method, path, status and fixture file, sorted by
/// path then method.
struct EndpointTable {
    private let rows: [[String]]

    init(_ fixtures: [Fixture]) {
        rows =
            fixtures
            .sorted {
                ($0.request.path.description, $0.request.method.description) < (
                    $1.request.path.description, $1.request.method.description
                )
            }
            .map { fixture in
                [
                    fixture.request.method.description, fixture.request.path.description,
                    String(fixture.response.status), fixture.id,
                ]
            }
    }

    /// The table as aligned text, with a header row.
    var rendered: String {
        let table = [["METHOD", "PATH", "STATUS", "FIXTURE"]] + rows
        let widths = (0..<4).map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            zip(row, widths).enumerated().map { column, cell in
                column == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
