import Foundation
import StandInFixtures
import StandInSupport

/// One `log.entries` element of a HAR file, read into the exchange the recorder writes, with a warning for each part
/// that cannot be carried over.
struct HAREntry {
    /// The request and its answer, headers cleaned for replay; nil when the entry cannot become a fixture.
    let exchange: RecordedExchange?
    /// The request's host, lower-cased, for `--host`.
    let host: String?
    /// What could not be carried over, naming the entry.
    let warnings: [ImportWarning]

    /// Reads `node`; `source` names it in warnings (`capture.har entries[3]`).
    init(_ node: JSONNode, source: String) {
        var warnings: [ImportWarning] = []
        func warn(_ field: String, _ reason: String) {
            warnings.append(ImportWarning(source: source, field: field, reason: reason))
        }
        let request = node["request"]
        guard let method = request?["method"]?.stringValue, !method.isEmpty,
            let url = request?["url"]?.stringValue
        else {
            warn("request", "the entry has no request method and url, so it is left out.")
            (exchange, host, self.warnings) = (nil, nil, warnings)
            return
        }
        guard let components = URLComponents(string: url), let host = components.host else {
            warn("request.url", "\(String(url.prefix(200)).quoted) is not an absolute URL, so the entry is left out.")
            (exchange, self.host, self.warnings) = (nil, nil, warnings)
            return
        }
        self.host = host.lowercased()
        let response = node["response"]
        let status = response?["status"]?.intValue ?? 0
        guard (100...599).contains(status) else {
            warn(
                "response.status",
                status == 0
                    ? "no response was captured (the request failed or was blocked), so it is left out."
                    : "\(status) is not an HTTP status (100 to 599), so the entry is left out."
            )
            (exchange, self.warnings) = (nil, warnings)
            return
        }
        let postData = request?["postData"]
        var requestHeaders = HARHeaders.replayable(HARHeaders.list(request?["headers"]))
        var requestBody = HARContent.bytes(of: postData) ?? []
        if postData != nil, HARContent.bytes(of: postData) == nil {
            if let form = Self.form(postData?["params"]) {
                requestBody = Array(form.utf8)
            } else {
                warn("request.postData.text", "the request body was not captured, so the fixture matches any body.")
            }
        }
        if let mimeType = postData?["mimeType"]?.stringValue, !mimeType.isEmpty, !requestBody.isEmpty,
            !requestHeaders.contains(where: { $0.name.lowercased() == "content-type" })
        {
            requestHeaders.append(("Content-Type", mimeType))
        }
        let content = response?["content"]
        var responseHeaders = HARHeaders.replayable(
            HARHeaders.list(response?["headers"]),
            dropping: HARHeaders.wireHeaders
        ).filter { header in
            do throws(FixtureError) {
                try HeaderSyntax.validate(name: header.name, value: header.value, line: 0)
                return true
            } catch {
                warn("response.headers.\(header.name)", "\(error.reason), so the header is left out.")
                return false
            }
        }
        if HARContent.wasLeftOut(content, bodySize: response?["bodySize"]) {
            warn("response.content.text", "the response body was not captured, so the fixture answers with no body.")
        }
        var responseBody = HARContent.bytes(of: content) ?? []
        if BodilessResponse.status(status), !responseBody.isEmpty {
            warn("response.content.text", "a \(status) response has no body, so the captured text is left out.")
            responseBody = []
        }
        if let mimeType = content?["mimeType"]?.stringValue, !mimeType.isEmpty, !responseBody.isEmpty,
            !responseHeaders.contains(where: { $0.name.lowercased() == "content-type" })
        {
            responseHeaders.append(("Content-Type", mimeType))
        }
        if (300...399).contains(status), let location = response?["redirectURL"]?.stringValue, !location.isEmpty,
            !responseHeaders.contains(where: { $0.name.lowercased() == "location" })
        {
            responseHeaders.append(("Location", location))
        }
        let contentType = responseHeaders.first { $0.name.lowercased() == "content-type" }?.value
        var eventDelays: [Duration] = []
        if EventStreamMediaType.matches(contentType), !responseBody.isEmpty {
            if let events = EventStreamFields.events(in: responseBody) {
                eventDelays = HAREventTimings.delays(events: events.count, receive: node["timings"]?["receive"])
            } else {
                warn(
                    "response.content.text",
                    "the event stream is not well-formed event text, so it is stored as the text it is, not as events."
                )
            }
        }
        exchange = RecordedExchange(
            method: method.uppercased(),
            path: components.path.isEmpty ? "/" : components.path,
            rawQuery: components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 },
            requestHeaders: requestHeaders,
            requestBody: requestBody,
            status: status,
            responseHeaders: responseHeaders,
            responseBody: responseBody,
            latency: .milliseconds(max(0, node["timings"]?["wait"]?.doubleValue ?? 0)),
            eventDelays: eventDelays
        )
        self.warnings = warnings
    }

    /// A form body rebuilt from `postData.params` (`name=value&…`, percent-encoded), or nil when there are none.
    private static func form(_ params: JSONNode?) -> String? {
        guard case .array(let elements) = params?.value, !elements.isEmpty else { return nil }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return elements.compactMap { element -> String? in
            guard let name = element["name"]?.stringValue else { return nil }
            let value = element["value"]?.stringValue ?? ""
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
            return "\(encode(name))=\(encode(value))"
        }.joined(separator: "&")
    }
}
