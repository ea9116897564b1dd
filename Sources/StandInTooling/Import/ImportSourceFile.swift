import Foundation
import StandInFixtures

/// Reads the JSON files an import starts from, with errors that name the file and line.
enum ImportSourceFile {
    /// The parsed JSON of the file at `url`; `name` is how errors name it. A file that cannot be read, is empty, is
    /// cut short or is not JSON throws an error naming the line where reading stopped.
    static func json(at url: URL, name: String) throws(ImportSourceError) -> JSONNode {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ImportSourceError(
                file: name,
                reason: "cannot be read: \(error.localizedDescription)",
                underlying: error
            )
        }
        guard !data.isEmpty else { throw ImportSourceError(file: name, reason: "is empty, not JSON") }
        do {
            return try JSONParser.parse(data)
        } catch {
            let cut = error.reason.contains("end of input") ? " (the file looks cut short)" : ""
            throw ImportSourceError(
                file: name,
                line: error.line,
                reason: "is not valid JSON: column \(error.column): \(error.reason)\(cut)",
                underlying: error
            )
        }
    }
}
