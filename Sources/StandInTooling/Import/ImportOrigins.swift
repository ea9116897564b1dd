import Foundation

/// Which source entry each staged fixture was written from (`mappings/users.json mappings[2]`), so that a fixture
/// that does not load is reported by the entry it came from.
///
/// `@unchecked Sendable`: `ImportStaging` is a `Sendable` value that shares one of these; `sources` is only read
/// and written with `lock` held.
final class ImportOrigins: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [String: String] = [:]

    /// Notes that the fixture `id` (its path under the staging folder) came from `source`.
    func record(_ source: String, for id: String) {
        lock.withLock { sources[id] = source }
    }

    /// The entry the fixture `id` came from, when known.
    func source(of id: String) -> String? {
        lock.withLock { sources[id] }
    }
}
