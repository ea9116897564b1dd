import Foundation
import StandInFixtures

/// The values a fixture's templates are rendered with when there is no request: for `standin check --spec`, which
/// checks what a fixture would serve against the spec.
///
/// A path parameter is `1` (also the segment a path template's `{name}` is filled with to find its operation);
/// query parameters, headers and the request body are absent, as for a request without them (empty text, `null`
/// for `{{json body…}}`); `{{requestId}}` is 32 hex digits, `{{uuid}}` a fixed UUID, `{{now}}` the current time,
/// `{{randomInt MIN MAX}}` is MIN and `{{pick a b}}` the first word.
enum SampleValues {
    /// The value of every path parameter, and the segment that fills a path template's `{name}`.
    static let pathSegment = "1"
    /// What `{{requestId}}` renders.
    static let requestId = "0123456789abcdef0123456789abcdef"
    /// What `{{uuid}}` renders.
    static let uuid = "00000000-0000-4000-8000-000000000000"

    /// The fixture path `template` with each `{name}` segment filled with `pathSegment`.
    static func path(filling template: PathTemplate) -> String {
        "/"
            + template.segments.map { segment in
                switch segment {
                case .literal(let text): String(text)
                case .capture: pathSegment
                }
            }.joined(separator: "/")
    }

    /// `template` rendered with the sample values.
    static func render(_ template: ByteTemplate) -> [UInt8] {
        if let fixed = template.fixedBytes { return fixed }
        var bytes: [UInt8] = []
        template.render(into: { bytes.append(contentsOf: $0) }, resolve: text(of:))
        return bytes
    }

    /// The text `placeholder` renders as.
    static func text(of placeholder: Placeholder) -> String {
        switch placeholder {
        case .pathParameter: pathSegment
        case .queryParameter, .header, .body, .graphQLOperationName, .graphQLVariable, .messageText, .messageJSON: ""
        case .requestId: requestId
        case .uuid: uuid
        case .now(let offset, let unix): timestamp(offsetSeconds: offset, unix: unix)
        case .randomInt(let range): String(range.lowerBound)
        case .pick(let words): words.first ?? ""
        case .json(let inner): json(of: inner)
        }
    }

    /// Whether `placeholder` stands for something the request brings, which no sample can stand in for.
    static func comesFromRequest(_ placeholder: Placeholder) -> Bool {
        switch placeholder {
        case .pathParameter, .queryParameter, .header, .body, .graphQLOperationName, .graphQLVariable, .messageText,
            .messageJSON:
            true
        case .json(let inner): comesFromRequest(inner)
        case .requestId, .uuid, .now, .randomInt, .pick: false
        }
    }

    /// The JSON `{{json EXPR}}` renders: `null` for the absent request's values, else the JSON the text spells or
    /// the text as a JSON string.
    private static func json(of placeholder: Placeholder) -> String {
        switch placeholder {
        case .body, .graphQLVariable, .messageJSON: return "null"
        default:
            let text = text(of: placeholder)
            if let node = try? JSONParser.parse(text) { return node.compactString }
            return JSONNode(.string(text)).compactString
        }
    }

    private static func timestamp(offsetSeconds: Int, unix: Bool) -> String {
        let date = Date().addingTimeInterval(TimeInterval(offsetSeconds))
        if unix { return String(Int(date.timeIntervalSince1970)) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
