/// The warnings of one import, each said once: a component schema that many operations use is warned about at the
/// first place it is reached, not once per operation.
///
/// A class so that the sampler, deep in a schema, adds to the same list as the importer; one import runs on one
/// thread and the list never leaves it.
final class OpenAPIWarnings {
    /// The spec file, as every warning names it.
    let source: String
    private(set) var list: [ImportWarning] = []
    private var seen: Set<String> = []

    init(source: String) {
        self.source = source
    }

    /// Adds a warning about the field at `location` (`paths./pets.get.responses.200`), unless one with the same
    /// `reason` was already given; `key` overrides what counts as the same (a `$ref` warned about once).
    func add(_ location: String, _ reason: String, key: String? = nil) {
        guard seen.insert(key ?? reason + "\u{0}" + location).inserted else { return }
        list.append(ImportWarning(source: source, field: location, reason: reason))
    }
}
