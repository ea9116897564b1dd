import StandInSupport

extension HTTPResponse.Status {
    /// The status with its standard reason phrase ("Not Found") when it has none, as statuses read from
    /// `HTTPURLResponse` do; unknown codes stay as they are.
    public var withStandardReasonPhrase: HTTPResponse.Status {
        guard reasonPhrase.isEmpty, let phrase = HTTPReasonPhrase.standard(for: code) else { return self }
        return HTTPResponse.Status(code: code, reasonPhrase: phrase)
    }
}
