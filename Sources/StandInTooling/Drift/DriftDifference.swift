/// One way a real response differs from what a fixture serves, values aside.
public enum DriftDifference: Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status changed.
    case status(fixture: Int, backend: Int)
    /// The envelope code changed (nil: no envelope code).
    case envelopeCode(fixture: Int?, backend: Int?)
    /// The media type changed.
    case mediaType(fixture: String?, backend: String?)
    /// The backend sends a key the fixture does not have.
    case added(path: String, type: String)
    /// The fixture has a key the backend no longer sends.
    case removed(path: String, type: String)
    /// A key's type changed.
    case retyped(path: String, fixture: String, backend: String)

    /// The differences between what the fixture serves and what the backend answered.
    ///
    /// `null` is a value, not a type: a key that is `null` on one side and something else on the other is the same
    /// key, and what lies under it on one side only is not compared. Nor are the elements of an array empty on one
    /// side. Only the outermost added or removed key of a subtree is named.
    public static func between(fixture: ResponseShape, backend: ResponseShape) -> [DriftDifference] {
        var differences: [DriftDifference] = []
        if fixture.status != backend.status {
            differences.append(.status(fixture: fixture.status, backend: backend.status))
        }
        if fixture.envelopeCode != backend.envelopeCode {
            differences.append(.envelopeCode(fixture: fixture.envelopeCode, backend: backend.envelopeCode))
        }
        if fixture.mediaType != backend.mediaType {
            differences.append(.mediaType(fixture: fixture.mediaType, backend: backend.mediaType))
        }
        // The body itself first: when it is gone, or of another type, everything in it is the same difference.
        let paths = ["$"] + Set(fixture.types.keys).union(backend.types.keys).subtracting(["$"]).sorted()
        var skipped: [String] = []
        for path in paths {
            if skipped.contains(where: { isInside(path, $0) }) { continue }
            switch (fixture.types[path], backend.types[path]) {
            case (let expected?, let actual?) where expected != actual:
                if expected == "null" || actual == "null" {
                    skipped.append(path)
                } else {
                    differences.append(.retyped(path: path, fixture: expected, backend: actual))
                    skipped.append(path)
                }
            case (let expected?, nil):
                if !isUnderOpenContainer(path, backend) { differences.append(.removed(path: path, type: expected)) }
                skipped.append(path)
            case (nil, let actual?):
                if !isUnderOpenContainer(path, fixture) { differences.append(.added(path: path, type: actual)) }
                skipped.append(path)
            default:
                break
            }
        }
        return differences
    }

    /// Whether `path` lies under `parent`: every path lies under the body itself (`$`).
    private static func isInside(_ path: String, _ parent: String) -> Bool {
        parent == "$" || path.hasPrefix(parent + ".") || path.hasPrefix(parent + "[]")
    }

    /// Whether `path` lies in an array's elements that `shape` has none of, or under a key that `shape` has as null.
    private static func isUnderOpenContainer(_ path: String, _ shape: ResponseShape) -> Bool {
        var parent = path
        while let cut = parent.lastIndex(where: { $0 == "." || $0 == "[" }) {
            parent = String(parent[..<cut])
            let key = parent.isEmpty ? "$" : parent
            if shape.types[key] == "null" { return true }
            if path.hasPrefix(parent + "[]"), shape.types[key] == "array", shape.types[parent + "[]"] == nil {
                return true
            }
        }
        return false
    }

    public var description: String {
        switch self {
        case .status(let fixture, let backend): "status \(fixture) -> \(backend)"
        case .envelopeCode(let fixture, let backend):
            "envelope code \(fixture.map(String.init) ?? "none") -> \(backend.map(String.init) ?? "none")"
        case .mediaType(let fixture, let backend): "Content-Type \(fixture ?? "none") -> \(backend ?? "none")"
        case .added(let path, let type): "added \(Self.name(path)) (\(type))"
        case .removed(let path, let type): "removed \(Self.name(path)) (\(type))"
        case .retyped(let path, let fixture, let backend): "retyped \(Self.name(path)): \(fixture) -> \(backend)"
        }
    }

    /// A key path as people read it; the body itself (`$`) is "the JSON body".
    private static func name(_ path: String) -> String {
        path == "$" ? "the JSON body" : path
    }
}
