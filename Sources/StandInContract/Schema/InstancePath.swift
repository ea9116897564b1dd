/// Where in an instance validation is: the keys and indexes from the root, kept as components while validating and
/// written as a JSON pointer only for a violation.
struct InstancePath {
    /// One step into an object or an array.
    enum Component {
        /// An object's member.
        case key(String)
        /// An array's element.
        case index(Int)
    }

    private var components: [Component] = []

    /// Steps into `component`, runs `body`, and steps back out.
    mutating func descend<T>(_ component: Component, _ body: (inout InstancePath) -> T) -> T {
        components.append(component)
        defer { components.removeLast() }
        return body(&self)
    }

    /// The RFC 6901 pointer (`/items/0/price`, `~1` for `/` and `~0` for `~` in keys); empty for the root.
    var pointer: String {
        var pointer = ""
        for component in components {
            pointer += "/"
            switch component {
            case .key(let key):
                pointer +=
                    key.contains(where: { $0 == "~" || $0 == "/" })
                    ? key.replacing("~", with: "~0").replacing("/", with: "~1") : key
            case .index(let index):
                pointer += String(index)
            }
        }
        return pointer
    }
}
