import Foundation
import StandInFixtures

/// A stub's response body as a fixture's: `body` as `text` and `jsonBody` as `json`, their templates rewritten
/// (`WireMockTemplates`); `base64Body` as `base64`; `bodyFileName` read from `__files/`. A body file that holds
/// templates is written into the fixture as `text`, so that they run; any other is copied beside it as a `file`.
struct WireMockBody {
    /// The body form, when the body is in the fixture.
    private(set) var member: JSONNode.Member?
    /// A body file to copy, and the name it is written under.
    private(set) var file: (name: String, bytes: [UInt8])?
    /// The Content-Type of a body file written into the fixture, by its extension.
    private(set) var fileContentType: String?

    /// Whether the stub has a body.
    var isEmpty: Bool { member == nil && file == nil }

    /// Reads the body of `response`; `warn` gets the field and why of each part not carried over as it is.
    init(
        _ response: JSONNode?,
        files: URL,
        redactor: Redactor,
        secrets: [String],
        templates: inout WireMockTemplates,
        warn: (String, String) -> Void
    ) {
        if let text = response?["body"]?.stringValue {
            let bytes = redactor.redactBody(Array(text.utf8), secrets: secrets)
            member = Self.text(bytes, templates: &templates) { warn("body", $0) }
        } else if let json = response?["jsonBody"] {
            let redacted = redactor.redact(json, secrets: secrets)
            member = RecordedMatch.member(
                "json",
                Self.json(redacted, at: "jsonBody", templates: &templates, warn).value
            )
        } else if let base64 = response?["base64Body"]?.stringValue {
            if let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) {
                member = Self.base64(Redactor.replace(secrets, in: Array(data)))
            } else {
                warn("base64Body", "it is not valid base64, so the fixture answers with no body.")
            }
        } else if let name = response?["bodyFileName"]?.stringValue {
            if name.contains("{{"), HandlebarsText(name).hasExpressions {
                warn(
                    "bodyFileName",
                    "the file name \(name.quoted) is a template, and a fixture cannot choose its file per request, "
                        + "so the fixture answers with no body."
                )
                return
            }
            switch Self.read(name, in: files) {
            case .success(let bytes):
                let redacted = redactor.redactBody(bytes, secrets: secrets)
                guard let text = String(bytes: redacted, encoding: .utf8), !text.utf8.contains(0),
                    text.contains("{{"), HandlebarsText(text).hasExpressions
                else {
                    file = (name, redacted)
                    return
                }
                guard redacted.count <= RecordedResponse.largestInlineBody else {
                    file = (name, redacted)
                    warn(
                        "bodyFileName",
                        "\(name.quoted) holds templates but is larger than \(RecordedResponse.largestInlineBody / 1024) "
                            + "KiB, so it is copied as a file and its templates are served as written."
                    )
                    return
                }
                member = Self.text(redacted, templates: &templates) { warn("bodyFileName \(name.quoted)", $0) }
                fileContentType = MediaType.forFileExtension(URL(fileURLWithPath: name).pathExtension)
            case .failure(let why):
                warn("bodyFileName", "\(why.reason), so the fixture answers with no body.")
            }
        }
    }

    /// Leaves the body out (a status that has none).
    mutating func removeAll() {
        (member, file, fileContentType) = (nil, nil, nil)
    }

    /// `text` with its templates rewritten, for UTF-8 without NUL; else `base64`, served as it is.
    private static func text(
        _ bytes: [UInt8],
        templates: inout WireMockTemplates,
        warn: (String) -> Void
    ) -> JSONNode.Member {
        guard let text = String(bytes: bytes, encoding: .utf8), !text.utf8.contains(0) else { return base64(bytes) }
        let result = templates.translate(text)
        WireMockTemplates.report(result, warn)
        return RecordedMatch.member("text", .string(result.text))
    }

    private static func base64(_ bytes: [UInt8]) -> JSONNode.Member {
        RecordedMatch.member("base64", .string(Data(bytes).base64EncodedString()))
    }

    /// `node` with the templates of its strings rewritten; `field` names where it is (`jsonBody.items.0`). Member
    /// names are not templates in a fixture: one that holds an expression is served as written.
    private static func json(
        _ node: JSONNode,
        at field: String,
        templates: inout WireMockTemplates,
        _ warn: (String, String) -> Void
    ) -> JSONNode {
        switch node.value {
        case .string(let string) where string.contains("{{"):
            let result = templates.translate(string)
            WireMockTemplates.report(result) { warn(field, $0) }
            return JSONNode(.string(result.text))
        case .array(let elements):
            return JSONNode(
                .array(
                    elements.enumerated().map { index, element in
                        json(element, at: "\(field).\(index)", templates: &templates, warn)
                    }
                )
            )
        case .object(let members):
            return JSONNode(
                .object(
                    members.map { member in
                        if member.key.contains("{{"), HandlebarsText(member.key).hasExpressions {
                            warn(
                                "\(field).\(member.key)",
                                "the member name is served as written: StandIn reads templates in values only."
                            )
                        }
                        let value = json(member.value, at: "\(field).\(member.key)", templates: &templates, warn)
                        return JSONNode.Member(key: member.key, value: value)
                    }
                )
            )
        default:
            return node
        }
    }

    /// The bytes of `name` in `files`; a name that climbs out of `files`, or leads out of it through a symbolic
    /// link (to a file or a folder), is refused: its real path is compared, as the loader does for `file` bodies.
    private static func read(_ name: String, in files: URL) -> Result<[UInt8], WireMockMatcher.Unsupported> {
        let root = files.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let url = files.appendingPathComponent(name).standardizedFileURL.resolvingSymlinksInPath()
        guard !name.hasPrefix("/"), url.path.hasPrefix(root) else {
            return .failure(.init("\(name.quoted) is outside __files"))
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(.init("\(name.quoted) cannot be read in \(files.lastPathComponent)"))
        }
        return .success(Array(data))
    }
}
