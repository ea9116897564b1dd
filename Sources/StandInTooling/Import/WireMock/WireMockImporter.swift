import Foundation
import StandInFixtures

/// Imports WireMock stub mappings: a folder holding `mappings/` (or the `mappings/` folder itself), or one mapping
/// file (`{"mappings": [...]}` or a single stub), with `bodyFileName` bodies read from the `__files/` folder beside
/// it. Each stub becomes a fixture, a one-request scenario a `sequence`; body files are copied to `_files/` in the
/// import's folder.
public struct WireMockImporter: Sendable {
    /// Drops and replaces secrets, as the recorder does.
    public let redactor: Redactor

    /// Creates an importer.
    public init(redactor: Redactor) {
        self.redactor = redactor
    }

    /// Writes the fixtures for the mappings at `path` into `staging` and returns what could not be carried over.
    /// A mapping file named as `path` that is not JSON throws, naming it and the line; in a folder, such a file is
    /// left out with a warning, and so is a stub that cannot be carried over: the others are imported.
    public func run(path: URL, into staging: ImportStaging) throws -> [ImportWarning] {
        let (mappings, files) = try Self.locate(path)
        var warnings: [ImportWarning] = []
        var stubs: [WireMockStub] = []
        let mappingFiles = try Self.mappingFiles(mappings, named: path)
        for (url, name) in mappingFiles {
            let document: JSONNode
            do {
                document = try ImportSourceFile.json(at: url, name: name)
            } catch {
                guard url != path else { throw error }
                warnings.append(
                    ImportWarning(
                        source: name,
                        field: error.line.map { "line \($0)" } ?? "file",
                        reason: "it \(error.reason), so the file is left out."
                    )
                )
                continue
            }
            for (node, source) in Self.stubNodes(document, file: name, warnings: &warnings) {
                if let stub = WireMockStub(node, source: source, files: files, redactor: redactor, warnings: &warnings)
                {
                    stubs.append(stub)
                }
            }
        }
        var written: [[UInt8]: String] = [:]
        for fixture in WireMockScenarios.fixtures(stubs, warnings: &warnings) {
            let first = fixture.steps[0]
            if let earlier = written[first.matchKey] {
                warnings.append(
                    ImportWarning(
                        source: first.source,
                        field: "request",
                        reason: "\(earlier) matches the same requests at the same priority, so this stub is left out."
                    )
                )
                continue
            }
            written[first.matchKey] = first.source
            if let problem = write(fixture, into: staging) { warnings.append(problem) }
        }
        return warnings
    }

    /// Writes one fixture and its body files; one whose files cannot be written is left out, and the warning says
    /// why. (A fixture written that does not load, as a path pattern StandIn refuses, is left out after: the
    /// staging's `removeBroken` names this stub.)
    private func write(_ fixture: WireMockScenarios.Fixture, into staging: ImportStaging) -> ImportWarning? {
        let first = fixture.steps[0]
        let request = first.request.node(
            capturing: fixture.steps.map(\.path).reduce(first.path) { $0.merged(with: $1) }
        )
        let path = FixtureNamer.relativePath(
            method: first.request.method,
            path: first.request.namePath,
            matchDigest: SHA256.hex(first.matchKey),
            hasDetails: first.request.hasDetails || first.priority != 0
        )
        let depth = path.split(separator: "/").count - 1
        var members = [JSONNode.Member(key: "request", value: request)]
        let responses = fixture.steps.map { $0.response.node(depth: depth) }
        if responses.count == 1 {
            members.append(JSONNode.Member(key: "response", value: responses[0]))
        } else {
            members.append(JSONNode.Member(key: "sequence", value: JSONNode(.array(responses))))
            if fixture.cycles { members.append(RecordedMatch.member("afterLast", .string("cycle"))) }
        }
        if first.priority != 0 { members.append(RecordedMatch.member("priority", .number(String(first.priority)))) }
        if let name = first.name { members.append(RecordedMatch.member("description", .string(name))) }
        do {
            for step in fixture.steps {
                if let file = step.response.bodyFile {
                    try staging.write(file.bytes, to: WireMockResponse.filesFolder + "/" + file.name)
                }
            }
            try staging.write(fixture: JSONNode(.object(members)), to: path, source: first.source)
        } catch {
            return ImportWarning(
                source: first.source,
                field: "request",
                reason: "its fixture cannot be written (\(error)); the stub is left out."
            )
        }
        return nil
    }

    /// The mappings folder or file, and the `__files` folder beside it.
    static func locate(_ path: URL) throws(ImportSourceError) -> (mappings: URL, files: URL) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else {
            throw ImportSourceError(file: path.path, reason: "does not exist.")
        }
        let parent = path.deletingLastPathComponent()
        if isFolder.boolValue {
            let inner = path.appendingPathComponent("mappings")
            if FileManager.default.fileExists(atPath: inner.path) {
                return (inner, path.appendingPathComponent("__files"))
            }
            return (path, parent.appendingPathComponent("__files"))
        }
        let beside = parent.appendingPathComponent("__files")
        if FileManager.default.fileExists(atPath: beside.path) { return (path, beside) }
        return (path, parent.deletingLastPathComponent().appendingPathComponent("__files"))
    }

    /// The `.json` files under `mappings` (itself, if a file), in name order, each with the name warnings use.
    static func mappingFiles(_ mappings: URL, named given: URL) throws(ImportSourceError) -> [(URL, String)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: mappings.path, isDirectory: &isFolder), isFolder.boolValue else {
            return [(mappings, given.lastPathComponent)]
        }
        guard let enumerator = FileManager.default.enumerator(at: mappings, includingPropertiesForKeys: nil) else {
            throw ImportSourceError(file: mappings.path, reason: "cannot be listed.")
        }
        let base = mappings.standardizedFileURL.path + "/"
        let urls = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension.lowercased() == "json" }
        return urls.map { url in
            let relative = url.standardizedFileURL.path.replacingOccurrences(of: base, with: "")
            return (url, mappings.lastPathComponent + "/" + relative)
        }.sorted { $0.1 < $1.1 }
    }

    /// The stubs in a mapping file: each of `mappings`, or the file itself; anything else is warned about.
    static func stubNodes(
        _ document: JSONNode,
        file: String,
        warnings: inout [ImportWarning]
    ) -> [(JSONNode, String)] {
        if case .array(let list) = document["mappings"]?.value {
            return list.enumerated().compactMap { index, node in
                let source = "\(file) mappings[\(index)]"
                guard node["request"] != nil || node["response"] != nil else {
                    warnings.append(
                        ImportWarning(source: source, field: "request", reason: "it is not a stub, so it is left out.")
                    )
                    return nil
                }
                return (node, source)
            }
        }
        guard document["request"] != nil || document["response"] != nil else {
            warnings.append(
                ImportWarning(
                    source: file,
                    field: "mappings",
                    reason: "the file holds neither a \"mappings\" list nor a stub, so it is left out."
                )
            )
            return []
        }
        return [(document, file)]
    }
}
