import Foundation

/// The property the record namer must keep: every name stays inside the record folder.
enum RecordFolderCheck {
    private static let folder = "/records/recorded"
    private static let allowed = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./".unicodeScalars
    )

    /// Stops the fuzzer (a crash it reports) when `name` could leave the folder.
    static func expectInside(_ name: String, method: String, path: String) {
        let context = "\(method.debugDescription) \(path.debugDescription) -> \(name.debugDescription)"
        precondition(!name.isEmpty && !name.hasPrefix("/"), "not relative: \(context)")
        precondition(name.unicodeScalars.allSatisfy(allowed.contains), "unsafe character: \(context)")
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        precondition(segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }, "bad segment: \(context)")
        precondition(segments.allSatisfy { !$0.hasPrefix(".") }, "hidden file or folder: \(context)")
        let resolved = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
        precondition(resolved.hasPrefix(folder + "/"), "leaves the folder: \(context)")
    }
}
