/// The string formats of JSON Schema and OpenAPI the sampler writes, with a sample of each and, for the formats a
/// validator checks, the shape a value must have.
enum StringFormat {
    /// A value in `format`, different for each `variation` where the format allows, or nil for a format the sampler
    /// does not know (a plain string is served then).
    static func sample(_ format: String, variation: Int) -> String? {
        let number = variation + 1
        switch format {
        case "date-time": return "2024-01-\(twoDigits(number % 28 + 1))T12:00:00Z"
        case "date": return "2024-01-\(twoDigits(number % 28 + 1))"
        case "time": return "12:00:\(twoDigits(number % 60))Z"
        case "duration": return "P\(number)D"
        case "email", "idn-email": return "user\(number)@example.com"
        case "hostname", "idn-hostname": return "host\(number).example.com"
        case "ipv4": return "192.0.2.\(number % 255)"
        case "ipv6": return "2001:db8::\(number % 65535)"
        case "uri", "url", "iri", "uri-reference", "iri-reference": return "https://example.com/\(number)"
        case "uri-template": return "https://example.com/{id}"
        case "uuid": return "00000000-0000-4000-8000-" + String(String(number, radix: 16).suffix(12)).leftPadded(to: 12)
        case "byte": return "c3RhbmRpbg=="
        case "json-pointer": return "/\(number)"
        case "relative-json-pointer": return "0"
        case "regex": return "^[a-z]+$"
        case "password", "binary": return "string\(number)"
        default: return nil
        }
    }

    /// The whole shape of a value in `format`, for the formats a validator checks, or nil when any string passes
    /// here. Used to tell whether a schema's own example can be served as it is.
    static func shape(of format: String) -> Regex<Substring>? {
        switch format {
        case "date-time":
            #/\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})/#
        case "date":
            #/\d{4}-\d{2}-\d{2}/#
        case "uuid":
            #/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/#
        case "email", "idn-email":
            #/[^@\s]+@[^@\s]+/#
        case "ipv4":
            #/(?:\d{1,3}\.){3}\d{1,3}/#
        case "uri", "url", "iri":
            #/[A-Za-z][A-Za-z0-9+.\-]*:\S*/#
        default:
            nil
        }
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}

extension String {
    /// The string with `0`s before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
