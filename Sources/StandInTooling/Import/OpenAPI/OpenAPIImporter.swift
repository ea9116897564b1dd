import StandInContract
import StandInFixtures

/// Imports an OpenAPI 3.0 or 3.1 document: one fixture per operation, under the folder of its first path segment.
///
/// Bodies are served as the spec describes the wire (`json`, not the project's envelope): a spec's response schema
/// is what its clients decode, so the served body is held to that schema. See docs/import.md.
public enum OpenAPIImporter {
    /// The methods an OpenAPI path item may hold operations for, in the order fixtures are written.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Writes one fixture per operation of `root` into `staging` and returns everything that could not be carried
    /// over. `source` names the spec in warnings (its file name).
    /// - Throws: `OpenAPIImportError` when the document is not OpenAPI 3.0 or 3.1 or has no paths, and the
    ///   staging's errors when a file cannot be written.
    public static func write(_ root: JSONNode, source: String, into staging: ImportStaging) throws -> [ImportWarning] {
        let document = try OpenAPIDocument(root: root)
        guard case .object(let paths) = root["paths"]?.value else { throw OpenAPIImportError.noPaths }
        let warnings = OpenAPIWarnings(source: source)
        let pathItems = SchemaSampler(document: document, warnings: warnings)
        let basePath = SpecServers.basePath(of: root)
        var names: Set<String> = []
        for path in paths where !path.key.hasPrefix("x-") {
            let location = "paths.\(path.key)"
            guard path.key.hasPrefix("/") else {
                warnings.add(location, "a path must start with \"/\"; it is left out")
                continue
            }
            guard let item = pathItems.resolved(path.value, at: location) else { continue }
            for member in item.members where !methods.contains(member.key) && !Self.pathItemKeys.contains(member.key) {
                guard !member.key.hasPrefix("x-") else { continue }
                warnings.add("\(location).\(member.key)", "not an operation StandIn imports; it is left out")
            }
            for method in methods {
                guard let operation = item[method] else { continue }
                let place = "\(location).\(method)"
                guard
                    let built = OperationFixture(
                        method: method.uppercased(),
                        path: path.key,
                        operation: operation,
                        basePath: basePath,
                        at: place,
                        sampler: SchemaSampler(document: document, warnings: warnings)
                    )
                else { continue }
                try staging.write(
                    fixture: built.fixture,
                    to: fileName(method: method, path: path.key, taken: &names),
                    source: "\(source) \(place)"
                )
            }
        }
        return warnings.list
    }

    /// The keys of a path item other than its operations.
    private static let pathItemKeys: Set = ["$ref", "summary", "description", "servers", "parameters"]

    /// `pets/GET-pets-petId.json` for `GET /pets/{petId}`: the recorder's naming with the braces left out, and a
    /// short hash where two operations would share a name.
    private static func fileName(method: String, path: String, taken: inout Set<String>) -> String {
        let plain = path.filter { $0 != "{" && $0 != "}" }
        let digest = SHA256.hex(Array("\(method) \(path)".utf8))
        var name = FixtureNamer.relativePath(
            method: method.uppercased(),
            path: plain,
            matchDigest: digest,
            hasDetails: false
        )
        if taken.contains(name) {
            name = FixtureNamer.relativePath(
                method: method.uppercased(),
                path: plain,
                matchDigest: digest,
                hasDetails: true
            )
        }
        taken.insert(name)
        return name
    }
}
