/// Content types for `file` bodies, by file extension.
package enum MediaType {
    /// The content type a `file` body with `fileExtension` is served as.
    package static func forFileExtension(_ fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "json": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "csv": "text/csv; charset=utf-8"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "pdf": "application/pdf"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "wasm": "application/wasm"
        case "mp3": "audio/mpeg"
        case "mp4": "video/mp4"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
