import Foundation

/// A `multipart/form-data` body: text fields and files, in order.
///
/// ```swift
/// let form = MultipartForm(parts: [
///     .field("title", "Holiday"),
///     .file("photo", filename: "beach.jpg", contentType: "image/jpeg", data: jpeg),
/// ])
/// var body: RequestBody? { .multipart(form) }
/// ```
public struct MultipartForm: Sendable, Hashable {
    /// One part of the form.
    public struct Part: Sendable, Hashable {
        /// The form field's name.
        public var name: String
        /// The file name, for a file part.
        public var filename: String?
        /// The part's content type, for a file part.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data

        /// Creates a part.
        public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }

        /// A text field.
        public static func field(_ name: String, _ value: String) -> Part {
            Part(name: name, data: Data(value.utf8))
        }

        /// A file, with its name and content type.
        public static func file(
            _ name: String,
            filename: String,
            contentType: String = "application/octet-stream",
            data: Data
        ) -> Part {
            Part(name: name, filename: filename, contentType: contentType, data: data)
        }
    }

    /// The boundary between parts; it must not occur in any part's bytes (a random one never does in practice).
    public var boundary: String
    /// The parts, in order.
    public var parts: [Part]

    /// Creates a form; the boundary is random unless given.
    public init(boundary: String = "StandIn-\(UUID().uuidString)", parts: [Part] = []) {
        self.boundary = boundary
        self.parts = parts
    }

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body bytes (RFC 7578): each part as `--boundary`, its headers, a blank line and its bytes, lines ending
    /// in CRLF, then `--boundary--`. Quotes and line breaks in names are percent-encoded as browsers do.
    public func encoded() -> Data {
        var body = Data()
        for part in parts {
            body.append("--\(boundary)\r\n")
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
            body.append(disposition + "\r\n")
            if let contentType = part.contentType { body.append("Content-Type: \(contentType)\r\n") }
            body.append("\r\n")
            body.append(part.data)
            body.append("\r\n")
        }
        body.append("--\(boundary)--\r\n")
        return body
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}

extension Data {
    fileprivate mutating func append(_ text: String) {
        append(contentsOf: Array(text.utf8))
    }
}
