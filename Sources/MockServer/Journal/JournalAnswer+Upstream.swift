import NetworkCore

extension JournalAnswer {
    /// What the journal keeps of a fallback backend's answer to `call`: its envelope code and the answer as a
    /// fixture's response, or the code of the 502 or 504 envelope StandIn answered with. Parses the body: make it
    /// off the loop.
    init(_ outcome: Upstream.Outcome, to call: UpstreamCall, format: EnvelopeFormat) {
        switch outcome {
        case .answered(let status, let headers, let body, _):
            self.init(upstream: status, headers: headers, body: body, of: call, format: format, keepingResponse: true)
        case .failed(let status, _):
            self.init(envelopeCode: status, successCode: format.successCode)
        }
    }

    /// What the journal keeps of the answer to a recorded call: its envelope code, or the code of the 502 or 504
    /// envelope StandIn answered with (the answer itself went to a fixture file). Parses the body: make it off the
    /// loop.
    init(_ result: RecordingSession.Result, to call: UpstreamCall, format: EnvelopeFormat) {
        switch result {
        case .answered(let status, let headers, let body, _):
            self.init(upstream: status, headers: headers, body: body, of: call, format: format, keepingResponse: false)
        case .failed(let status, _):
            self.init(envelopeCode: status, successCode: format.successCode)
        }
    }
}
