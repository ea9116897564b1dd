extension HTTPResponse.Status {
    /// The status with its standard reason phrase ("Not Found") when it has none, as statuses read from
    /// `HTTPURLResponse` do; unknown codes stay as they are.
    public var withStandardReasonPhrase: HTTPResponse.Status {
        guard reasonPhrase.isEmpty, let known = Self.standard[code] else { return self }
        return known
    }

    private static let standard: [Int: HTTPResponse.Status] = Dictionary(
        uniqueKeysWithValues: [
            .continue, .switchingProtocols, .earlyHints,
            .ok, .created, .accepted, .nonAuthoritativeInformation, .noContent, .resetContent, .partialContent,
            .multipleChoices, .movedPermanently, .found, .seeOther, .notModified, .temporaryRedirect,
            .permanentRedirect,
            .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .notAcceptable,
            .proxyAuthenticationRequired, .requestTimeout, .conflict, .gone, .lengthRequired, .preconditionFailed,
            .contentTooLarge, .uriTooLong, .unsupportedMediaType, .rangeNotSatisfiable, .expectationFailed,
            .misdirectedRequest, .unprocessableContent, .tooEarly, .upgradeRequired, .preconditionRequired,
            .tooManyRequests, .requestHeaderFieldsTooLarge, .unavailableForLegalReasons,
            .internalServerError, .notImplemented, .badGateway, .serviceUnavailable, .gatewayTimeout,
            .httpVersionNotSupported, .networkAuthenticationRequired,
        ].map { (status: HTTPResponse.Status) in (status.code, status) }
    )
}
