import Foundation

extension URL {
    /// The path relative to the current directory when it is under it, else the full path: how messages name a
    /// file under the mocks directory.
    package var relativePathForDisplay: String {
        let current = FileManager.default.currentDirectoryPath + "/"
        let path = standardizedFileURL.path
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
