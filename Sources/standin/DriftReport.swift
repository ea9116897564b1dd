import Foundation
import StandInFixtures
import StandInTooling

/// How `standin drift` prints its results: a table for people, JSON for machines.
enum DriftReport {
    /// The results, in the order a summary counts them.
    private static let labels = ["same", "drifted", "unreachable", "skipped"]

    /// One row per fixture (fixture, endpoint, result), each difference or reason on its own indented line below, then
    /// a count of each result.
    static func table(_ results: [DriftResult]) -> String {
        let rows = [["FIXTURE", "ENDPOINT", "RESULT"]] + results.map { [$0.fixtureID, $0.endpoint, $0.label] }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            lines.append(zip(row, widths + [0]).map { $0.0.padding(to: $0.1) }.joined(separator: "  "))
            if index > 0 { lines += results[index - 1].details.map { "    " + $0 } }
        }
        let counts = labels.map { label in "\(results.filter { $0.label == label }.count) \(label)" }
        lines.append(counts.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    /// `{"fixtures": [{"id", "endpoint", "result", "differences"}]}`; a skipped or unreachable fixture's reason is
    /// its one difference.
    static func json(_ results: [DriftResult]) -> String {
        let fixtures: [[String: Any]] = results.map {
            ["id": $0.fixtureID, "endpoint": $0.endpoint, "result": $0.label, "differences": $0.details]
        }
        let object: [String: Any] = ["fixtures": fixtures]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    fileprivate func padding(to length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}
