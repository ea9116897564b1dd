/// Which responses never carry a body (RFC 9110 section 6.4.1): those to `HEAD`, and those with a 1xx, 204 or 304
/// status. A body there would be read as the start of the next response on a keep-alive connection.
package enum BodilessResponse {
    /// Whether a response with `status` has no body, whatever the request.
    package static func status(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    /// Whether the response to a `method` request with `status` has no body.
    package static func status(_ status: Int, method: String) -> Bool {
        method == "HEAD" || self.status(status)
    }
}
