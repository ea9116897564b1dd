import Foundation
import StandInFixtures

/// One WireMock stub mapping, read: its request and response as StandIn's, its priority and its scenario step.
struct WireMockStub {
    /// The stub keys carried over or without meaning for a replay; any other key is warned about.
    static let knownKeys: Set<String> = [
        "id", "uuid", "name", "request", "response", "priority", "scenarioName", "requiredScenarioState",
        "newScenarioState", "persistent", "metadata", "insertionIndex",
    ]
    /// WireMock's priority for a stub that sets none; 1 is the highest.
    static let defaultPriority = 5

    /// Where the stub came from, for warnings (`mappings/users.json mappings[2]`).
    let source: String
    /// The stub's `name`, kept as the fixture's description.
    let name: String?
    let request: WireMockRequest
    let response: WireMockResponse
    /// The request's path, with the segments the response's templates read.
    let path: WireMockPath
    /// StandIn's priority (higher first): WireMock's 1 becomes 4, its default 5 becomes 0, its 10 becomes -5.
    let priority: Int
    let scenario: String?
    let requiredState: String?
    let newState: String?

    /// Reads `node`, adding a warning for every part not carried over; nil, with a warning, when the stub cannot
    /// be carried over at all.
    init?(_ node: JSONNode, source: String, files: URL, redactor: Redactor, warnings: inout [ImportWarning]) {
        self.source = source
        name = node["name"]?.stringValue
        request = WireMockRequest(node["request"], source: source, redactor: redactor, warnings: &warnings)
        var templates = WireMockTemplates(
            path: WireMockPath(form: request.path),
            method: request.method == "ANY" ? nil : request.method
        )
        guard
            let response = WireMockResponse(
                node["response"],
                source: source,
                files: files,
                redactor: redactor,
                secrets: Redactor.searchable(request.secrets),
                templates: &templates,
                warnings: &warnings
            )
        else { return nil }
        self.response = response
        path = templates.path
        priority = Self.defaultPriority - (node["priority"]?.intValue ?? Self.defaultPriority)
        scenario = node["scenarioName"]?.stringValue
        requiredState = node["requiredScenarioState"]?.stringValue
        newState = node["newScenarioState"]?.stringValue
        if case .object(let members) = node.value {
            for member in members where !Self.knownKeys.contains(member.key) {
                warnings.append(
                    ImportWarning(
                        source: source,
                        field: member.key,
                        reason: "StandIn has no equal for \(member.key.quoted), so it is not carried over."
                    )
                )
            }
        }
    }

    /// What two stubs must share to be one fixture's steps: the request and the priority.
    var matchKey: [UInt8] {
        request.node.prettyBytes + Array(String(priority).utf8)
    }
}
