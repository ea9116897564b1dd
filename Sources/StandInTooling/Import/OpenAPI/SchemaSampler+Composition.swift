import StandInFixtures

extension SchemaSampler {
    /// How deep `allOf` parts may nest inside each other before the rest are left out.
    static let deepestAllOf = 16

    /// `schema` with its `allOf` parts (references followed, their own `allOf` too) merged into it, so that one
    /// object holds every constraint: properties and `required` united, the tighter bound of each pair, and `enum`s
    /// intersected. Other keywords keep the first value written. Each part read is a schema of the fixture's budget:
    /// parts that fan out level after level stop where it runs out.
    func flattened(_ schema: JSONNode, at location: String, depth: Int) -> JSONNode {
        guard let parts = schema["allOf"]?.elements else { return schema }
        var merged = schema.removing(keys: ["allOf"])
        for (position, part) in parts.enumerated() {
            let place = "\(location).allOf[\(position)]"
            guard depth < Self.deepestAllOf else {
                warnings.add(place, "allOf parts nest deeper than \(Self.deepestAllOf) levels; the rest are left out")
                break
            }
            guard budget.readsSchema() else {
                warnSpent(at: place)
                break
            }
            guard let target = resolved(part, at: place) else { continue }
            merged = Self.combined(merged, flattened(target, at: place, depth: depth + 1))
        }
        return merged
    }

    /// A value for the first branch of `oneOf`/`anyOf` that is neither only `null` nor a repeat of a schema the value
    /// is inside (else the first branch at all), merged with the schema's own keywords. With a `discriminator`, its
    /// property names the branch taken.
    func branchValue(
        _ schema: JSONNode,
        branches: [JSONNode],
        at location: String,
        in context: Context
    ) -> JSONNode? {
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        let position =
            branches.firstIndex { !repeats($0, in: context) && !isOnlyNull($0) }
            ?? branches.firstIndex { !repeats($0, in: context) } ?? 0
        let branch = branches[position]
        let place = "\(location).\(keyword)[\(position)]"
        let own = schema.removing(keys: ["oneOf", "anyOf", "discriminator"])
        let combined = own.members.isEmpty ? branch : JSONNode.object([("allOf", JSONNode(.array([own, branch])))])
        guard var value = value(for: combined, at: place, in: context) else { return nil }
        if let discriminator = schema["discriminator"], let property = discriminator["propertyName"]?.stringValue,
            case .object = value.value, let name = branchName(branch, discriminator: discriminator)
        {
            value = value.setting(property, to: JSONNode(.string(name)))
        }
        return value
    }

    /// The discriminator value that selects `branch`: its key in `mapping`, else the last part of its `$ref`.
    private func branchName(_ branch: JSONNode, discriminator: JSONNode) -> String? {
        guard let reference = branch["$ref"]?.stringValue else { return nil }
        let mapped = discriminator["mapping"]?.members.first { $0.value.stringValue == reference }
        return mapped?.key ?? reference.split(separator: "/").last.map(String.init)
    }

    private func isOnlyNull(_ schema: JSONNode) -> Bool {
        let view = SchemaView(node: (try? document.resolved(schema)) ?? schema)
        return view.types.isEmpty && view.allowsNull
    }

    /// Both schemas' constraints in one schema object.
    static func combined(_ first: JSONNode, _ second: JSONNode) -> JSONNode {
        var result = first
        for member in second.members {
            guard let existing = result[member.key] else {
                result = result.setting(member.key, to: member.value)
                continue
            }
            if let merged = merged(member.key, existing, member.value) {
                result = result.setting(member.key, to: merged)
            }
        }
        if first["nullable"]?.boolValue != true || second["nullable"]?.boolValue != true, result["nullable"] != nil {
            result = result.removing(keys: ["nullable"])
        }
        return result
    }

    /// The merged value of keyword `key` set in both schemas, or nil to keep the first.
    private static func merged(_ key: String, _ first: JSONNode, _ second: JSONNode) -> JSONNode? {
        switch key {
        case "properties":
            var result = first
            for property in second.members {
                let both = result[property.key].map {
                    JSONNode.object([("allOf", JSONNode(.array([$0, property.value])))])
                }
                result = result.setting(property.key, to: both ?? property.value)
            }
            return result
        case "items":
            return .object([("allOf", JSONNode(.array([first, second])))])
        case "required":
            let names = (first.elements ?? []) + (second.elements ?? [])
            var seen: Set<String> = []
            return JSONNode(.array(names.filter { seen.insert($0.stringValue ?? "").inserted }))
        case "minimum", "minLength", "minItems", "minProperties":
            return (second.doubleValue ?? -.infinity) > (first.doubleValue ?? -.infinity) ? second : first
        case "maximum", "maxLength", "maxItems", "maxProperties":
            return (second.doubleValue ?? .infinity) < (first.doubleValue ?? .infinity) ? second : first
        case "enum":
            let common = (first.elements ?? []).filter { value in second.elements?.contains { $0 == value } ?? true }
            return common.isEmpty ? nil : JSONNode(.array(common))
        case "additionalProperties":
            return second.boolValue == false ? second : nil
        default:
            return nil
        }
    }
}
