import Foundation
import StandInSupport

/// The modification time and size of every file under a mocks directory: two snapshots that differ mean something
/// was edited, added, removed or renamed.
struct MocksSnapshot: Equatable, Sendable {
    /// What identifies a version of a file. File times come from a coarse clock (a few milliseconds), so a file
    /// changed recently also carries a hash of its contents: an edit that keeps the size within one clock tick
    /// still shows. Stamps compare hashes only when both have one.
    struct Stamp: Equatable, Sendable {
        let modified: Date
        let size: Int
        let contentHash: Int?

        static func == (lhs: Stamp, rhs: Stamp) -> Bool {
            guard lhs.modified == rhs.modified, lhs.size == rhs.size else { return false }
            guard let left = lhs.contentHash, let right = rhs.contentHash else { return true }
            return left == right
        }
    }

    /// Files modified this recently get a content hash.
    static let recentChange: TimeInterval = 2

    let files: [String: Stamp]

    /// An empty snapshot, for a directory not read yet.
    static let empty = MocksSnapshot(files: [:])

    private init(files: [String: Stamp]) {
        self.files = files
    }

    /// Reads the stamps of every file under `directory`.
    init(directory: URL) {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        var files: [String: Stamp] = [:]
        Self.scan(root, relative: "", into: &files)
        self.files = files
    }

    /// Walks a directory with POSIX calls (FileManager is an order of magnitude slower, and this runs four times a
    /// second): regular files get a stamp; directories are entered, symbolic links are not followed.
    private static func scan(_ directory: String, relative: String, into files: inout [String: Stamp]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = directoryEntryName(entry)
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let id = relative.isEmpty ? name : relative + "/" + name
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                scan(path, relative: id, into: &files)
            case S_IFREG:
                #if canImport(Darwin)
                let time = info.st_mtimespec
                #else
                let time = info.st_mtim
                #endif
                let modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
                let isRecent = -modified.timeIntervalSinceNow < recentChange
                let contentHash = isRecent ? Self.hashOfContents(atPath: path) : nil
                files[id] = Stamp(modified: modified, size: Int(info.st_size), contentHash: contentHash)
            default:
                continue
            }
        }
    }

    /// A hash of every byte of a file (Data's own hash reads only a prefix).
    private static func hashOfContents(atPath path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    func changedPaths(since earlier: MocksSnapshot) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in files where earlier.files[path] != stamp { changed.insert(path) }
        for path in earlier.files.keys where files[path] == nil { changed.insert(path) }
        return changed
    }
}
