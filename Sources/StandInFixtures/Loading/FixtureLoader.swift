import Foundation

/// What loading a mocks directory produced: the fixtures that are valid, the settings, and a diagnostic for each
/// file that is not.
public struct FixtureLoadResult: Sendable {
    /// The mocks directory as given.
    public let directory: URL
    /// The project settings (defaults when `standin.json` is absent or broken).
    public let config: ProjectConfig
    /// The valid fixtures, ordered by id.
    public let fixtures: [Fixture]
    /// The valid `"resource"` fixtures, ordered by id.
    public let resources: [ResourceDefinition]
    /// Every problem of every broken file, ordered by file, then in the order found.
    public let diagnostics: [Diagnostic]
    /// The ids of the broken fixture files (`standin.json` when the settings are broken), so that a reload can keep
    /// serving their last good version.
    public let brokenIDs: Set<String>

    /// The fixtures and each resource as the fixture of its endpoint (`ANY /todos`), ordered by id: what variant
    /// selections apply to.
    public var endpointFixtures: [Fixture] {
        (fixtures + resources.map(\.fixture)).sorted { $0.id < $1.id }
    }
}

/// Loads every fixture file under a mocks directory.
///
/// Every `*.json` file is a fixture except `standin.json` at the top; folders whose names start with `_` or `.`
/// are skipped (keep the files `file` bodies point at in `_files/`). A broken file is reported, with every problem
/// in it, and skipped; the others still load.
public struct FixtureLoader: Sendable {
    /// The mocks directory.
    public let directory: URL

    /// Creates a loader for `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Reads and checks every file. Throws a `MocksDirectoryError` only when the directory itself cannot be read.
    public func load() throws -> FixtureLoadResult {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        try MocksDirectoryError.check(root.path, named: directory.path)
        var diagnostics: [Diagnostic] = []
        var brokenIDs: Set<String> = []
        var config = ProjectConfig()
        let configURL = root.appendingPathComponent(ProjectConfig.fileName)
        if FileManager.default.fileExists(atPath: configURL.path) {
            do {
                config = try ProjectConfig(parsing: try parse(configURL.path))
            } catch {
                diagnostics += self.diagnostics(ProjectConfig.fileName, error)
                brokenIDs.insert(ProjectConfig.fileName)
            }
        }
        var fixtures: [Fixture] = []
        var resources: [ResourceDefinition] = []
        let rootPath = root.path
        for id in FixtureFiles.ids(under: rootPath) {
            let decoder = FixtureDecoder(id: id, file: id, rootURL: root, config: config)
            do {
                let document = try parse(rootPath + "/" + id)
                if document["resource"] != nil {
                    let resource = try decoder.decodeResource(document)
                    if let other = resources.first(where: { $0.path == resource.path }) {
                        throw FixtureError("resource.path \(resource.path.quoted) is already served by \(other.id)")
                    }
                    resources.append(resource)
                } else {
                    fixtures.append(try decoder.decode(document))
                }
            } catch {
                diagnostics += self.diagnostics(id, error)
                brokenIDs.insert(id)
            }
        }
        return FixtureLoadResult(
            directory: directory,
            config: config,
            fixtures: fixtures,
            resources: resources,
            diagnostics: diagnostics,
            brokenIDs: brokenIDs
        )
    }

    private func parse(_ path: String) throws -> JSONNode {
        let data = try Self.contents(ofFile: path)
        do {
            return try JSONParser.parse(data)
        } catch {
            throw FixtureError("invalid JSON: \(error.reason) (column \(error.column))", line: error.line)
        }
    }

    /// The bytes of the file at `path`, read by path: building a URL for each of thousands of files cost more than
    /// reading them.
    private static func contents(ofFile path: String) throws -> Data {
        if let data = FileManager.default.contents(atPath: path) { return data }
        // Only the throwing call tells why the file cannot be read.
        return try Data(contentsOf: URL(fileURLWithPath: path, isDirectory: false))
    }

    /// A diagnostic for each problem `error` holds, by line.
    private func diagnostics(_ id: String, _ error: any Error) -> [Diagnostic] {
        guard let problems = error as? FixtureProblems else { return [diagnostic(id, error)] }
        return problems.errors.map { diagnostic(id, $0) }.sorted { $0.line < $1.line }
    }

    private func diagnostic(_ id: String, _ error: any Error) -> Diagnostic {
        let file = directory.appendingPathComponent(id).relativePathForDisplay
        if let error = error as? FixtureError {
            return Diagnostic(file: file, line: error.line ?? 1, reason: error.reason)
        }
        return Diagnostic(file: file, line: 1, reason: "cannot read the file: \(error.localizedDescription)")
    }
}
