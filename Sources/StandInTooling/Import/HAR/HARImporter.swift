import Foundation
import StandInFixtures

/// Imports a HAR 1.2 capture (browsers, Charles, Proxyman, mitmproxy) as `standin record` would have recorded the
/// same traffic: one fixture per distinct request, a request answered differently becoming a `sequence`, the
/// recorder's naming and redaction.
///
/// The file is parsed once, as a whole; entries are then written one by one.
public struct HARImporter: Sendable {
    /// The recorder's rules: what is redacted, what becomes the match.
    public let rules: RecordingRules
    /// Only entries for these hosts (`api.example.com`, or with a port), when not empty.
    public let hosts: [String]

    /// Creates an importer.
    public init(rules: RecordingRules, hosts: [String] = []) {
        self.rules = rules
        self.hosts = hosts.map { $0.lowercased() }
    }

    /// Writes the fixtures of the HAR file at `file` into `staging` and returns what could not be carried over.
    /// Throws, having written nothing worth keeping, when the file is not a HAR file.
    public func run(file: URL, into staging: ImportStaging) async throws -> [ImportWarning] {
        let name = file.lastPathComponent
        var entries = try Self.entries(of: ImportSourceFile.json(at: file, name: name), file: name)
        let recorder = FixtureRecorder(
            mocksDirectory: staging.root,
            into: staging.into,
            rules: rules,
            forImport: true
        )
        var warnings: [ImportWarning] = []
        var otherHosts: Set<String> = []
        var leftOut = 0
        for index in entries.indices {
            // Each entry's tree is let go once read, so the capture's memory gives way to the fixtures'.
            let node = entries[index]
            entries[index] = JSONNode(.null)
            let entry = HAREntry(node, source: "\(name) entries[\(index)]")
            if let host = entry.host, !isWanted(host, node) {
                otherHosts.insert(host)
                leftOut += 1
                continue
            }
            warnings += entry.warnings
            if let exchange = entry.exchange { _ = try await recorder.record(exchange) }
        }
        try await recorder.writeAll()
        if leftOut > 0 {
            warnings.append(
                ImportWarning(
                    source: name,
                    field: "--host",
                    reason:
                        "\(leftOut) entries for other hosts were left out (\(otherHosts.sorted().joined(separator: ", ")))."
                )
            )
        }
        return warnings
    }

    /// The `log.entries` list of a parsed HAR document.
    static func entries(of document: JSONNode, file: String) throws(ImportSourceError) -> [JSONNode] {
        guard let log = document["log"], case .object = log.value else {
            throw ImportSourceError(
                file: file,
                line: document.line,
                reason: "is not a HAR file: it has no \"log\" object."
            )
        }
        guard case .array(let entries) = log["entries"]?.value else {
            throw ImportSourceError(
                file: file,
                line: log.line,
                reason: "is not a HAR file: its log has no \"entries\" list."
            )
        }
        return entries
    }

    /// Whether an entry for `host` is imported: always without `--host`, else when its host (or host and port)
    /// is one of them.
    private func isWanted(_ host: String, _ node: JSONNode) -> Bool {
        guard !hosts.isEmpty else { return true }
        if hosts.contains(host) { return true }
        let port = node["request"]?["url"]?.stringValue.flatMap { URLComponents(string: $0)?.port }
        return port.map { hosts.contains("\(host):\($0)") } ?? false
    }
}
