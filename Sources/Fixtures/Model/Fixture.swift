/// One endpoint's canned behaviour: which requests it answers and what it answers with.
///
/// A fixture is loaded from one JSON file under the mocks directory; its `id` is that file's path relative to the
/// directory (`users/get-user.json`), so people find the file from what the server prints. It is a class so that
/// matching passes one reference around instead of copying every part.
public final class Fixture: Sendable {
    /// The file's path relative to the mocks directory.
    public let id: String
    /// What a request must look like to be answered by this fixture.
    public let request: RequestPattern
    /// What the fixture answers, compiled at load.
    public let response: CompiledResponse
    /// Higher priorities are tried first; equal priorities fall back to literal, then template, then regex paths.
    public let priority: Int

    /// Creates a fixture from its parts.
    public init(id: String, request: RequestPattern, response: CompiledResponse, priority: Int = 0) {
        self.id = id
        self.request = request
        self.response = response
        self.priority = priority
    }

    /// `GET /users/{id}`: the endpoint as people write it.
    public var endpoint: String { "\(request.method) \(request.path)" }
}
