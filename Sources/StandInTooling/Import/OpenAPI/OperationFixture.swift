import StandInFixtures
import StandInSupport

/// One operation of the spec as one fixture: the request it answers (method and path, nothing more, so that any
/// call the spec allows matches), its default answer, and a variant for every other response code and every named
/// example.
struct OperationFixture {
    /// The fixture file's content.
    let fixture: JSONNode

    /// Builds the fixture for `method` (upper case) on `path`; `operation` is found at `location`
    /// (`paths./pets.get`). Nil, with a warning, when the operation has no response that can be served. `sampler` is
    /// the fixture's own: every value generated for it draws on its one budget.
    init?(
        method: String,
        path: String,
        operation: JSONNode,
        basePath: String,
        at location: String,
        sampler: SchemaSampler
    ) {
        var keys: [ResponseKey] = []
        for member in operation["responses"]?.members ?? [] {
            guard let key = ResponseKey(member.key) else {
                if !member.key.hasPrefix("x-") {
                    sampler.warnings.add(
                        "\(location).responses.\(member.key)",
                        "not a status code, range or \"default\"; it is left out"
                    )
                }
                continue
            }
            keys.append(key)
        }
        guard let main = ResponseKey.defaultAnswer(among: keys) else {
            sampler.warnings.add("\(location).responses", "the operation has no responses; no fixture is written")
            return nil
        }
        var variants = VariantList(warnings: sampler.warnings, location: location)
        var defaultResponse: JSONNode?
        for key in [main] + keys.filter({ $0.name != main.name }) {
            let place = "\(location).responses.\(key.name)"
            guard let response = operation["responses"]?[key.name], let object = sampler.resolved(response, at: place)
            else { continue }
            let status = key.name == main.name && key.isDefault ? 200 : key.status
            let read = SpecResponse(object, status: status, at: place, sampler: sampler)
            if key.name == main.name {
                defaultResponse = read.answers[0].response
            } else {
                variants.add(key.name, read.answers[0].response)
            }
            for answer in read.answers {
                guard let example = answer.example else { continue }
                variants.add(example, answer.response, orPrefixedWith: key.name)
            }
        }
        guard let defaultResponse else { return nil }
        var members: [(String, JSONNode)] = []
        let summary = [operation["operationId"]?.stringValue, operation["summary"]?.stringValue].compactMap { $0 }
        if !summary.isEmpty { members.append(("description", JSONNode(.string(summary.joined(separator: ": "))))) }
        let pathMember = OpenAPIPath.requestMember(basePath: basePath, path: path)
        members.append(
            (
                "request",
                .object([("method", JSONNode(.string(method))), (pathMember.key, JSONNode(.string(pathMember.value)))])
            )
        )
        members.append(("response", defaultResponse))
        let written = variants.members(over: defaultResponse)
        if !written.isEmpty { members.append(("variants", .object(written))) }
        fixture = .object(members)
    }
}

/// The variants of one fixture, by unique names that the loader accepts.
private struct VariantList {
    let warnings: OpenAPIWarnings
    let location: String
    private var entries: [(String, JSONNode)] = []

    init(warnings: OpenAPIWarnings, location: String) {
        self.warnings = warnings
        self.location = location
    }

    /// Adds a variant named `name` (made safe), or `prefix-name` when that is taken; warns when both are.
    mutating func add(_ name: String, _ response: JSONNode, orPrefixedWith prefix: String? = nil) {
        var changed = false
        let safe = FixtureNamer.sanitize(Substring(name), changed: &changed)
        let candidates = [safe] + (prefix.map { ["\($0)-\(safe)"] } ?? [])
        guard let free = candidates.first(where: { candidate in !entries.contains { $0.0 == candidate } }) else {
            warnings.add("\(location).responses", "two variants would be named \(safe.quoted); the second is left out")
            return
        }
        entries.append((free, response))
    }

    /// The variants as fixture members. Each sets what the default answer sets, so nothing of the default shows
    /// through: its headers (empty when it has none) and a body (empty text when it has none; a status without a
    /// body drops the default's body itself).
    func members(over defaultResponse: JSONNode) -> [(String, JSONNode)] {
        let bodyForms: Set = ["json", "text", "base64"]
        let defaultHasBody = defaultResponse.members.contains { bodyForms.contains($0.key) }
        return entries.map { name, response in
            var response = response
            if defaultResponse["headers"] != nil, response["headers"] == nil {
                response = response.setting("headers", to: JSONNode(.object([])))
            }
            let status = response["status"]?.intValue ?? 200
            if defaultHasBody, !response.members.contains(where: { bodyForms.contains($0.key) }),
                !BodilessResponse.status(status)
            {
                response = response.setting("text", to: JSONNode(.string("")))
            }
            return (name, response)
        }
    }
}
