import Foundation
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the fixture files under a mocks directory: every `*.json` file except `standin.json` at the top, skipping
/// folders whose names start with `_` or `.` and files whose names start with `.`; symbolic links to files count,
/// links to folders are not followed.
///
/// Walks the tree with POSIX calls: FileManager's enumerator with resource values took half of the load time of a
/// directory of 10,000 fixtures.
enum FixtureFiles {
    /// The ids (paths relative to `root`) of the fixture files, sorted.
    static func ids(under root: String) -> [String] {
        var ids: [String] = []
        scan(root, relative: "", into: &ids)
        return ids.sorted()
    }

    private static func scan(_ directory: String, relative: String, into ids: inout [String]) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = directoryEntryName(entry)
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            let id = relative.isEmpty ? name : relative + "/" + name
            switch kind(of: path, type: entry.pointee.d_type) {
            case S_IFDIR:
                if !name.hasPrefix("_") { scan(path, relative: id, into: &ids) }
            case S_IFREG:
                if name.hasSuffix(".json"), id != ProjectConfig.fileName { ids.append(id) }
            default:
                continue
            }
        }
    }

    /// The file type bits of `path`: a symbolic link to a file reads as a file, one to a folder as neither. The
    /// type the directory entry gives (`d_type`) spares a look at the file itself, except for links and file systems
    /// that leave it unknown.
    private static func kind(of path: String, type: UInt8) -> mode_t {
        if type == UInt8(DT_REG) { return S_IFREG }
        if type == UInt8(DT_DIR) { return S_IFDIR }
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFLNK else { return kind }
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return S_IFREG
    }
}
