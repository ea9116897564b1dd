/// The reason phrases of the standard status codes (RFC 9110, with RFC 6585's 428, 429, 431 and 511, and WebDAV's
/// 507), for status lines: libevent's own table stops at 417 and 505 and answers a 429 as "Client Error".
package enum HTTPReasonPhrase {
    /// The phrase of `status` ("Too Many Requests" for 429), or nil for a code without a standard one.
    package static func standard(for status: Int) -> String? {
        (100..<600).contains(status) ? phrases[status - 100] : nil
    }

    /// The phrase of each code from 100 to 599, by code minus 100: a lookup for every reply.
    private static let phrases: [String?] = {
        var table = [String?](repeating: nil, count: 500)
        for (code, phrase) in known { table[code - 100] = phrase }
        return table
    }()

    private static let known: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
        421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early", 426: "Upgrade Required",
        428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
        451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
        511: "Network Authentication Required",
    ]
}
