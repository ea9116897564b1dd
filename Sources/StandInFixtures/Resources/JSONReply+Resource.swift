extension JSONReply {
    /// A resource operation's answer in the project's envelope: the data with the success code and message, or an
    /// error whose code mirrors the status.
    init(_ outcome: ResourceCollection.Outcome, config: ProjectConfig, requestId: String) {
        let format = config.envelope
        switch outcome {
        case .success(let status, let data, let headers):
            let body = ErrorEnvelope.body(
                code: format.successCode,
                message: format.successMessage,
                data: data,
                format: format,
                requestId: requestId
            )
            self.init(
                status: status,
                body: body,
                envelopeCode: format.successCode,
                config: config,
                requestId: requestId,
                extraHeaders: headers
            )
        case .failure(let status, let message, let headers):
            let body = ErrorEnvelope.body(code: status, message: message, format: format, requestId: requestId)
            self.init(
                status: status,
                body: body,
                envelopeCode: status,
                config: config,
                requestId: requestId,
                extraHeaders: headers
            )
        }
    }
}
