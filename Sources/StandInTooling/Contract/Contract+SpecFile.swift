import Foundation
import StandInContract
import StandInFixtures

extension Contract {
    /// The contract of the OpenAPI 3.0 or 3.1 document in the file at `url` (JSON or YAML): what `--spec FILE`
    /// reads for `check`, `record`, `coverage` and `serve`.
    /// - Throws: `SpecLoadError` naming the file when it cannot be read or parsed (with the line and column) or is
    ///   not a usable OpenAPI document (with the line).
    public static func load(specFile url: URL) throws(SpecLoadError) -> Contract {
        let document: JSONNode
        do {
            document = try SpecDocument.read(url)
        } catch {
            throw SpecLoadError(file: url.path, reason: error.description, underlying: error)
        }
        do {
            return try Contract(document: document)
        } catch {
            throw SpecLoadError(
                file: url.path,
                reason: "\(url.lastPathComponent) is not a usable OpenAPI 3.0 or 3.1 document: \(error.description)",
                underlying: error
            )
        }
    }
}
