import StandInFixtures

extension SchemaSampler {
    /// An object with every required property, and the optional ones while the value is not deep; `writeOnly`
    /// properties are left out unless required (a response never carries them). `minProperties` is met with
    /// `additionalProperties` (at most `SampleBudget.mostProperties` of them), `maxProperties` by leaving optional
    /// ones out. Each member's key takes its bytes from the budget.
    func objectValue(_ view: SchemaView, at location: String, in context: Context) -> JSONNode {
        let required = Set(view.required)
        let fillsOptional = context.depth <= Self.optionalDepth
        var inner = context
        inner.variation = 0
        var members: [(String, JSONNode)] = []
        var optionalNames: [String] = []
        for property in view.properties {
            let isRequired = required.contains(property.key)
            guard isRequired || (fillsOptional && property.value["writeOnly"]?.boolValue != true) else { continue }
            let place = "\(location).properties.\(property.key)"
            guard let value = value(for: property.value, at: place, in: inner) else {
                if isRequired { members.append((property.key, JSONNode(.null))) }
                continue
            }
            members.append((property.key, value))
            if !isRequired { optionalNames.append(property.key) }
        }
        let extra = view.node["additionalProperties"]
        let extraSchema = extra.flatMap { $0.boolValue == nil ? $0 : nil } ?? JSONNode(.object([]))
        for name in view.required where !members.contains(where: { $0.0 == name }) {
            members.append(
                (name, value(for: extraSchema, at: "\(location).required.\(name)", in: inner) ?? JSONNode(.null))
            )
        }
        if let most = view.count("maxProperties"), members.count > most {
            var surplus = members.count - most
            members = members.reversed().filter { name, _ in
                guard surplus > 0, optionalNames.contains(name) else { return true }
                surplus -= 1
                return false
            }.reversed()
        }
        if let least = view.count("minProperties"), members.count < least {
            if extra?.boolValue == false {
                warnings.add(
                    location,
                    "minProperties \(least) cannot be met without more properties than the schema allows"
                )
            }
            var added = least - members.count
            if added > SampleBudget.mostProperties {
                warnings.add(
                    location,
                    "minProperties \(least) asks for more than the \(SampleBudget.mostProperties) properties StandIn "
                        + "adds to an object; \(SampleBudget.mostProperties) are added"
                )
                added = SampleBudget.mostProperties
            }
            for number in 1...added {
                let place = "\(location).additionalProperties"
                let filler = value(for: extraSchema, at: place, in: inner)
                guard filler != nil || !budget.isSpent else { break }
                members.append(("property\(number)", filler ?? JSONNode(.null)))
            }
        }
        budget.spendObject(keys: members.map(\.0), depth: context.depth)
        return .object(members)
    }

    /// An array of `minItems` items (at least one, at most `maxItems` and `SampleBudget.mostItems`), each sampled
    /// from `items` in turn so that the items of a `uniqueItems` array differ; 3.1's `prefixItems` come first. Items
    /// that repeat a schema the array is already inside are left out, if `minItems` allows, and so are the items past
    /// the fixture's budget.
    func arrayValue(_ view: SchemaView, at location: String, in context: Context) -> JSONNode {
        var least = view.count("minItems") ?? 0
        if least > SampleBudget.mostItems {
            warnings.add(
                location,
                "minItems \(least) is more than the \(SampleBudget.mostItems) items StandIn writes for an array; "
                    + "\(SampleBudget.mostItems) are served"
            )
            least = SampleBudget.mostItems
        }
        var count = max(least, 1)
        if let most = view.count("maxItems") { count = min(count, most) }
        var items: [JSONNode] = []
        for (position, prefix) in (view.node["prefixItems"]?.elements ?? []).enumerated() where position < count {
            guard let item = value(for: prefix, at: "\(location).prefixItems[\(position)]", in: context) else { break }
            items.append(item)
        }
        let itemSchema = view.node["items"].flatMap { $0.boolValue == nil ? $0 : nil } ?? JSONNode(.object([]))
        while items.count < count {
            var inner = context
            inner.variation = items.count
            guard let item = value(for: itemSchema, at: "\(location).items", in: inner) else { break }
            items.append(item)
        }
        if items.count < least, !budget.isSpent {
            warnings.add(location, "minItems \(least) cannot be met: the items repeat a schema they are inside")
        }
        if view.node["uniqueItems"]?.boolValue == true, items.count > 1,
            Set(items.map(\.compactString)).count < items.count
        {
            warnings.add(location, "uniqueItems: the sampled items are not all different")
        }
        budget.spendArray(count: items.count, depth: context.depth)
        return JSONNode(.array(items))
    }
}
