import Foundation

/// What a recording run wrote, for the table `standin record` prints when it stops.
public struct RecordingSummary: Sendable {
    /// What the run did to a file, compared with the file before the run.
    public enum FileStatus: String, Sendable {
        /// The file did not exist.
        case new
        /// The file existed and changed.
        case updated
        /// The file existed and is byte for byte the same.
        case unchanged
    }

    /// One file the run wrote or confirmed.
    public struct File: Sendable {
        /// `METHOD /path`.
        public let endpoint: String
        /// The fixture id (path relative to the mocks directory).
        public let id: String
        /// What the run did to it.
        public let status: FileStatus
        /// How many answers it holds (more than one: a sequence).
        public let responses: Int
    }

    /// The recording folder, relative to the mocks directory.
    public let folder: String
    /// The files, by id.
    public let files: [File]

    /// How many files have `status`.
    public func count(_ status: FileStatus) -> Int {
        files.count(where: { $0.status == status })
    }

    /// The table: one row per file, then the totals and where the files are.
    public func rendered(mocksDirectory: String) -> String {
        guard !files.isEmpty else { return "Nothing was recorded into \(mocksDirectory)/\(folder)." }
        let rows =
            [["ENDPOINT", "FILE", "RESULT"]]
            + files.map {
                [
                    PrintableText.escaped($0.endpoint), $0.id,
                    $0.status.rawValue + ($0.responses > 1 ? " (sequence of \($0.responses))" : ""),
                ]
            }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1 + 2, withPad: " ", startingAt: 0) }.joined()
                .trimmingCharacters(in: .whitespaces)
        }
        let endpoints = Set(files.map(\.endpoint)).count
        lines.append(
            "\(endpoints) endpoint(s): \(count(.new)) new, \(count(.updated)) updated, \(count(.unchanged)) unchanged "
                + "file(s) in \(mocksDirectory)/\(folder)"
        )
        return lines.joined(separator: "\n")
    }
}
