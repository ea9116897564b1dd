import Foundation

/// The modification time and size of every file under a mocks directory: two snapshots that differ mean something
/// was edited, added, removed or renamed.
struct MocksSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        let modified: Date
        let size: Int
    }

    /// Relative path → stamp, for every regular file (skipped folders included: `file` bodies live in `_files/`).
    let files: [String: Stamp]

    /// An empty snapshot, for a directory not read yet.
    static let empty = MocksSnapshot(files: [:])

    private init(files: [String: Stamp]) {
        self.files = files
    }

    /// Reads the stamps of every file under `directory`.
    init(directory: URL) {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isRegularFileKey, .contentModificationDateKey, .fileSizeKey]
        var files: [String: Stamp] = [:]
        let prefix = root.path + "/"
        if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) {
            for case let url as URL in enumerator {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                    continue
                }
                let path = url.standardizedFileURL.path
                guard path.hasPrefix(prefix) else { continue }
                files[String(path.dropFirst(prefix.count))] = Stamp(
                    modified: values.contentModificationDate ?? .distantPast,
                    size: values.fileSize ?? 0
                )
            }
        }
        self.files = files
    }

    /// The relative paths that were added, removed or changed since `earlier`.
    func changedPaths(since earlier: MocksSnapshot) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in files where earlier.files[path] != stamp { changed.insert(path) }
        for path in earlier.files.keys where files[path] == nil { changed.insert(path) }
        return changed
    }
}
