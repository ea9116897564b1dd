import Foundation
import StandInFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import writes before anything is in place: a hidden folder inside the mocks directory (the loader and
/// hot reload skip folders whose names start with `.`) laid out like the mocks directory itself, so `root/into/…`
/// holds what will become `mocks/into/…`. `commit()` moves it into place whole, replacing what an earlier import
/// left in `into`; a failed import calls `discard()` and leaves no half-written folder.
///
/// The folder's name holds the importing process's id (`.standin-import-PID-UUID`): one whose process is gone (it
/// was killed before it could clean up) is removed by the next import into the same mocks directory.
public struct ImportStaging: Sendable {
    /// How every staging folder's name starts.
    public static let folderPrefix = ".standin-import-"

    /// The mocks directory the import goes into.
    public let mocksDirectory: URL
    /// The folder under the mocks directory the fixtures go to (`imported/har`).
    public let into: String
    /// The staging folder, laid out like the mocks directory: hand it to a `FixtureRecorder` as its mocks directory
    /// (made `forImport`: the folder is moved into place whole).
    public let root: URL
    /// The entry each staged fixture came from, for warnings.
    private let origins = ImportOrigins()

    /// Creates the staging folder. Refuses an `into` that is absolute, empty or climbs with `..`.
    public init(mocksDirectory: URL, into: String) throws {
        let parts = into.split(separator: "/", omittingEmptySubsequences: false)
        guard !into.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { throw RecordingError.unsafePath(into) }
        self.mocksDirectory = mocksDirectory.standardizedFileURL
        self.into = into
        Self.removeAbandoned(in: self.mocksDirectory)
        root = self.mocksDirectory.appendingPathComponent("\(Self.folderPrefix)\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Removes the staging folders in `mocksDirectory` whose importing process no longer runs.
    static func removeAbandoned(in mocksDirectory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: mocksDirectory.path)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let pid = name.dropFirst(folderPrefix.count).prefix { $0 != "-" }
            guard let pid = pid_t(pid), pid > 0, kill(pid, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: mocksDirectory.appendingPathComponent(name))
        }
    }

    /// Removes each staged fixture that `loaded` (the staging folder, loaded) found broken, and says why, naming
    /// the entry it came from (when the importer said) and the place in the fixture as it would have been under the
    /// mocks directory: one fixture that does not load never stops the others.
    public func removeBroken(_ loaded: FixtureLoadResult) -> [ImportWarning] {
        var warnings: [ImportWarning] = []
        for id in loaded.brokenIDs.sorted() {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(id))
            for diagnostic in loaded.diagnostics where diagnostic.file.hasSuffix("/" + id) || diagnostic.file == id {
                let reason = "\(diagnostic.reason); the fixture is left out."
                warnings.append(
                    origins.source(of: id).map {
                        ImportWarning(source: $0, field: "\(id):\(diagnostic.line)", reason: reason)
                    }
                        ?? ImportWarning(source: id, field: "line \(diagnostic.line)", reason: reason)
                )
            }
        }
        return warnings
    }

    /// `text` (an error's description) with the staging folder's path replaced by the mocks directory's, where
    /// what it names was to go: the staging folder is gone by the time anyone reads it.
    public func naming(_ text: String) -> String {
        text.replacingOccurrences(of: root.path + "/", with: mocksDirectory.path + "/")
            .replacingOccurrences(of: root.path, with: mocksDirectory.path)
    }

    /// Writes `bytes` to `relativePath` under `into` (a fixture `users/GET-users.json`, or a body file beside it).
    public func write(_ bytes: [UInt8], to relativePath: String) throws {
        _ = try FixtureFileWriter(root: root.appendingPathComponent(into), syncsEachFile: false).write(
            bytes,
            to: relativePath
        )
    }

    /// Writes a fixture as the recorder does: pretty-printed, keys in the order given. `source` names the entry it
    /// came from (`mappings/users.json mappings[2]`), for the warning if it does not load.
    public func write(fixture: JSONNode, to relativePath: String, source: String? = nil) throws {
        try write(fixture.prettyBytes, to: relativePath)
        if let source { origins.record(source, for: into + "/" + relativePath) }
    }

    /// Moves the staged `into` folder into the mocks directory, replacing the folder an earlier import wrote there,
    /// and removes the staging folder. The old folder is moved aside first and removed last, so a failure midway
    /// leaves either the old folder or the new one in place, never a mix.
    public func commit() throws {
        let staged = root.appendingPathComponent(into)
        let target = mocksDirectory.appendingPathComponent(into)
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        let aside = root.appendingPathComponent(".replaced")
        let hadTarget = FileManager.default.fileExists(atPath: target.path)
        if hadTarget { try move(target, to: aside) }
        do {
            try move(staged, to: target)
        } catch {
            if hadTarget { try? move(aside, to: target) }
            throw error
        }
        discard()
    }

    /// Removes the staging folder and everything in it.
    public func discard() {
        try? FileManager.default.removeItem(at: root)
    }

    private func move(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw RecordingError.cannotWrite(destination.path, errno: errno)
        }
    }
}
