import NetworkCore
import StandInFixtures

extension JournalAnswer {
    /// What the journal keeps of a backend's answer: the answer's envelope code and, for a fallback backend's, the
    /// answer as a fixture's `response` (compact JSON), as `record` would write it.
    struct BackendAnswer: Sendable {
        var answer = JournalAnswer()
        /// Nil in record mode (the answer went to a fixture file), for StandIn's own 502 or 504, and for a body
        /// larger than `Journal.maxBodyBytes`, which is not read at all.
        var fixtureResponse: [UInt8]?
    }

    /// What the journal keeps of a fallback backend's answer to `call`, or of the 502 or 504 envelope StandIn
    /// answered with. Parses the body: make it off the loop.
    static func of(_ outcome: Upstream.Outcome, to call: UpstreamCall, format: EnvelopeFormat) -> BackendAnswer {
        of(outcome, to: call, format: format, keepingResponse: true)
    }

    /// What the journal keeps of a recorded call's answer: its envelope code, or that of the 502 or 504 envelope
    /// StandIn answered with. Parses the body: make it off the loop.
    static func of(_ result: RecordingSession.Result, to call: UpstreamCall, format: EnvelopeFormat) -> JournalAnswer {
        of(result.outcome, to: call, format: format, keepingResponse: false).answer
    }

    private static func of(
        _ outcome: Upstream.Outcome,
        to call: UpstreamCall,
        format: EnvelopeFormat,
        keepingResponse: Bool
    ) -> BackendAnswer {
        switch outcome {
        case .answered(let status, let headers, let body, _):
            of(status, headers, body, to: call, format: format, keepingResponse: keepingResponse)
        case .streamed(let answer):
            of(
                answer.status,
                answer.headers,
                answer.body,
                eventDelays: answer.eventDelays,
                to: call,
                format: format,
                keepingResponse: keepingResponse
            )
        case .failed(let status, _):
            BackendAnswer(answer: JournalAnswer(envelopeCode: status, successCode: format.successCode))
        }
    }

    /// A backend's answer: its envelope code when its body is an envelope in `format`, and with `keepingResponse`,
    /// the answer as a fixture's `response` with the default secrets redacted; neither for a body larger than
    /// `Journal.maxBodyBytes` (a compressed one is decoded only up to that).
    private static func of(
        _ status: Int,
        _ headers: [(name: String, value: String)],
        _ body: [UInt8],
        eventDelays: [Duration] = [],
        to call: UpstreamCall,
        format: EnvelopeFormat,
        keepingResponse: Bool
    ) -> BackendAnswer {
        guard body.count <= Journal.maxBodyBytes else { return BackendAnswer() }
        // Without a share, decoding is never refused.
        let stored =
            (try? CompressedBody.forRecording(headers: headers, body: body, limit: Journal.maxBodyBytes))
            ?? (headers: headers, body: body)
        let exchange = call.exchange(
            status: status,
            headers: stored.headers,
            body: stored.body,
            eventDelays: eventDelays
        )
        let response = exchange.fixtureResponse(rules: RecordingRules(envelope: format))
        let code = response?["envelope"]?["code"]?.intValue
        return BackendAnswer(
            answer: JournalAnswer(envelopeCode: code, successCode: format.successCode),
            fixtureResponse: keepingResponse ? response?.compactBytes : nil
        )
    }
}
