import Foundation
import StandInFixtures

/// The fixtures every input is matched against: each matcher kind and each template. Ids under `json/` have JSON
/// bodies, which must still parse whatever the request inserts.
enum FuzzFixtures {
    static let index: FixtureIndex = {
        let loader = FixtureLoader(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        let fixtures = sources.map { id, json in
            do {
                return try loader.decodeFixture(Array(json.utf8), id: id, config: ProjectConfig())
            } catch {
                fatalError("fuzz fixture \(id) is broken: \(error)")
            }
        }
        return FixtureIndex(fixtures)
    }()

    private static let sources: [(String, String)] = [
        (
            "json/user.json",
            #"{"request": {"path": "/users/{id}"}, "response": {"envelope": {"data": {"id": "{{path.id}}", "q": "{{query.q}}", "h": "{{header.X-Name}}"}}}}"#
        ),
        (
            "json/echo.json",
            #"{"request": {"method": "POST", "path": "/echo"}, "response": {"json": {"body": "{{body}}", "a": "{{body.a.b.0}}", "p": "{{body./a/b/1}}", "id": "{{requestId}}"}}}"#
        ),
        (
            "json/regex.json",
            #"{"request": {"method": "ANY", "pathRegex": "^/files/(?<name>[^/]+)/(?<rest>.*)$"}, "response": {"json": ["{{path.name}}", "{{path.rest}}", "{{uuid}}", "{{now}}"]}}"#
        ),
        (
            "json/login.json",
            #"{"request": {"method": "POST", "path": "/login", "body": {"json": {"user": "ada", "tags": ["x"]}}}, "response": {"envelope": {"code": 0, "message": "{{body.user}}", "data": {"token": "t-{{body.user}}"}}}}"#
        ),
        (
            "json/equal.json",
            #"{"request": {"method": "PUT", "path": "/items/{id}", "body": {"equalsJSON": {"n": 2.0, "s": "x"}}}, "response": {"json": {"id": "{{path.id}}"}}}"#
        ),
        (
            "text/query.json",
            #"{"request": {"path": "/search", "query": {"q": {"regex": "^[a-z]+$"}, "page": {"prefix": "1"}, "debug": {"present": false}}}, "response": {"text": "found {{query.q}} {{query.page}}", "headers": {"X-Query": "{{query.q}}"}}}"#
        ),
        (
            "text/headers.json",
            #"{"request": {"path": "/private", "headers": {"Authorization": {"prefix": "Bearer "}, "X-Trace": {"present": true}, "Accept": {"contains": "json"}}}, "response": {"text": "{{header.Authorization}}"}}"#
        ),
        (
            "text/body.json",
            #"{"request": {"method": "POST", "path": "/notes", "body": {"contains": "urgent"}}, "response": {"text": "{{body}}"}}"#
        ),
        (
            "text/bodyregex.json",
            #"{"request": {"method": "POST", "path": "/notes", "body": {"regex": "^id=[0-9]+$"}}, "priority": 2, "response": {"status": 201, "text": "ok"}}"#
        ),
        (
            "text/exact.json",
            #"{"request": {"method": "DELETE", "path": "/items/{id}", "body": {"equals": "sure"}}, "response": {"status": 204}}"#
        ),
    ]
}
