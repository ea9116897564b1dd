import Foundation

/// The media type of server-sent events, as a response's `Content-Type` names it.
package enum EventStreamMediaType {
    /// Whether `contentType` is `text/event-stream` (any case, parameters such as `charset` aside).
    package static func matches(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream"
    }
}
