import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import writes before anything is in place: a hidden folder inside the mocks directory (the loader and
/// hot reload skip folders whose names start with `.`) laid out like the mocks directory itself, so `root/into/…`
/// holds what will become `mocks/into/…`. `commit()` moves it into place whole, replacing what an earlier import
/// left in `into`; a failed import calls `discard()` and leaves no half-written folder.
public struct ImportStaging: Sendable {
    /// The mocks directory the import goes into.
    public let mocksDirectory: URL
    /// The folder under the mocks directory the fixtures go to (`imported/har`).
    public let into: String
    /// The staging folder, laid out like the mocks directory: hand it to a `FixtureRecorder` as its mocks directory
    /// (made `forImport`: the folder is moved into place whole).
    public let root: URL

    /// Creates the staging folder. Refuses an `into` that is absolute, empty or climbs with `..`.
    public init(mocksDirectory: URL, into: String) throws {
        let parts = into.split(separator: "/", omittingEmptySubsequences: false)
        guard !into.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { throw RecordingError.unsafePath(into) }
        self.mocksDirectory = mocksDirectory.standardizedFileURL
        self.into = into
        root = self.mocksDirectory.appendingPathComponent(".standin-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `relativePath` under `into` (a fixture `users/GET-users.json`, or a body file beside it).
    public func write(_ bytes: [UInt8], to relativePath: String) throws {
        _ = try FixtureFileWriter(root: root.appendingPathComponent(into), syncsEachFile: false).write(
            bytes,
            to: relativePath
        )
    }

    /// Writes a fixture as the recorder does: pretty-printed, keys in the order given.
    public func write(fixture: JSONNode, to relativePath: String) throws {
        try write(fixture.prettyBytes, to: relativePath)
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
            throw RecordingError.cannotWrite(destination.path, reason: String(cString: strerror(errno)))
        }
    }
}
