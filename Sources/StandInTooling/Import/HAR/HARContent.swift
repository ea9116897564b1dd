import Foundation
import StandInFixtures

/// The bytes of a HAR body (`response.content` or `request.postData`): `text` decoded from base64 when `encoding`
/// says so, else its UTF-8.
enum HARContent {
    /// The body's bytes, or nil when the capture holds no `text`.
    ///
    /// A `text` labelled base64 that is not valid base64 is taken as it is: some tools label plain text so.
    static func bytes(of node: JSONNode?) -> [UInt8]? {
        guard let text = node?["text"]?.stringValue else { return nil }
        if node?["encoding"]?.stringValue?.lowercased() == "base64",
            let data = Data(base64Encoded: text.filter { !$0.isNewline })
        {
            return Array(data)
        }
        return Array(text.utf8)
    }

    /// Whether the capture says there was a body (`size` or `bodySize` above zero) without holding its text.
    static func wasLeftOut(_ content: JSONNode?, bodySize: JSONNode?) -> Bool {
        guard content?["text"]?.stringValue == nil else { return false }
        let sizes = [content?["size"]?.intValue, bodySize?.intValue].compactMap { $0 }
        return sizes.contains { $0 > 0 }
    }
}
