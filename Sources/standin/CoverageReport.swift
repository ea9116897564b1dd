import Foundation
import StandInTooling

/// How `standin coverage` prints: a table for people, JSON for machines.
enum CoverageReport {
    /// OPERATION, STATUS, FIXTURES, EXERCISED (a count, `-` without `--server`), then the summary line.
    static func table(_ coverage: ContractCoverage) -> String {
        let rows =
            [["OPERATION", "STATUS", "FIXTURES", "EXERCISED"]]
            + coverage.rows.map { row in
                [
                    row.operation, row.status,
                    row.fixtures.isEmpty ? "-" : fixtures(row.fixtures),
                    row.exercised.map(String.init) ?? "-",
                ]
            }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            zip(row, widths + [0]).map { $0.0 + String(repeating: " ", count: max(0, $0.1 - $0.0.count)) }
                .joined(separator: "  ")
        }
        lines.append(coverage.summary)
        return lines.joined(separator: "\n")
    }

    /// The fixtures of a row, each once with the responses of it that count: `users/get-user.json` for its response
    /// alone, `users/get-user.json (response, expired-token)` with a variant, `jobs/status.json (sequence[1])`.
    private static func fixtures(_ responses: [ContractCoverage.FixtureResponse]) -> String {
        var ids: [String] = []
        var labels: [String: [String]] = [:]
        for response in responses {
            if labels[response.id] == nil { ids.append(response.id) }
            let label = [response.step.map { "sequence[\($0)]" }, response.variant].compactMap { $0 }
            labels[response.id, default: []].append(label.isEmpty ? "response" : label.joined(separator: " "))
        }
        return ids.map { id in
            let parts = labels[id] ?? []
            return parts == ["response"] ? id : "\(id) (\(parts.joined(separator: ", ")))"
        }
        .joined(separator: ", ")
    }

    /// `{"responses": [{"method", "path", "operationId", "status", "fixtures": [{"id", "variant", "step",
    /// "status"}], "exercised"}], "total", "covered", "exercised"}`; `exercised` is null without `--server`.
    static func json(_ coverage: ContractCoverage) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(coverage: coverage))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON document, nulls written out.
    private struct Document: Encodable {
        let coverage: ContractCoverage

        enum CodingKeys: String, CodingKey { case responses, total, covered, exercised }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(coverage.rows.map(Row.init), forKey: .responses)
            try container.encode(coverage.rows.count, forKey: .total)
            try container.encode(coverage.covered, forKey: .covered)
            try container.encode(coverage.exercised, forKey: .exercised)
        }
    }

    /// One row, nulls written out.
    private struct Row: Encodable {
        let row: ContractCoverage.Row

        enum CodingKeys: String, CodingKey { case method, path, operationId, status, fixtures, exercised }
        enum FixtureKeys: String, CodingKey { case id, variant, step, status }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(row.method, forKey: .method)
            try container.encode(row.path, forKey: .path)
            try container.encode(row.operationId, forKey: .operationId)
            try container.encode(row.status, forKey: .status)
            try container.encode(row.exercised, forKey: .exercised)
            var fixtures = container.nestedUnkeyedContainer(forKey: .fixtures)
            for fixture in row.fixtures {
                var object = fixtures.nestedContainer(keyedBy: FixtureKeys.self)
                try object.encode(fixture.id, forKey: .id)
                try object.encode(fixture.variant, forKey: .variant)
                try object.encode(fixture.step, forKey: .step)
                try object.encode(fixture.status, forKey: .status)
            }
        }
    }
}
