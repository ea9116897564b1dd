import NetworkCore
import StandInFixtures

/// What an answer meant beyond its status, as the journal and the dashboard tell it: the code of its envelope, the
/// fault simulated, and, for a fallback backend's answer, that answer as a fixture would hold it.
struct JournalAnswer: Sendable {
    /// What an answer came to, as the journal's `outcome` names it.
    enum Outcome: String {
        /// A status below 300 and, for an envelope, the project's success code.
        case success
        /// A 3xx.
        case redirect
        /// A status below 400 with an envelope whose code is not the success code.
        case businessError = "business-error"
        /// A 4xx.
        case clientError = "client-error"
        /// A 5xx.
        case serverError = "server-error"
        /// A simulated fault, whatever the status.
        case fault
    }

    /// The code of the envelope answered, if the answer was one.
    var envelopeCode: Int?
    /// Whether `envelopeCode` is the project's success code (true when there is no envelope).
    var isSuccessCode = true
    /// The fault simulated, if any.
    var fault: Fault?
    /// A fallback backend's answer as a fixture's `response` (compact JSON), as `record` would write it; nil for any
    /// other answer, and for a body larger than `Journal.maxBodyBytes`, which is not read at all.
    var upstreamResponse: [UInt8]?

    /// An answer with no envelope and no fault.
    init() {}

    /// An answer that was an envelope with `code` (nil: not an envelope) in a project whose success code is
    /// `successCode`, with `fault` simulated.
    init(envelopeCode code: Int?, successCode: Int, fault: Fault? = nil) {
        envelopeCode = code
        isSuccessCode = code.map { $0 == successCode } ?? true
        self.fault = fault
    }

    /// A backend's answer to `call`: its envelope code when its body is an envelope in `format`, and with
    /// `keepingResponse`, the answer as a fixture's `response` with the default secrets redacted; neither for a body
    /// larger than `Journal.maxBodyBytes` (a compressed one is decoded only up to that). Parses the body: call it off
    /// the loop.
    init(
        upstream status: Int,
        headers: [(name: String, value: String)],
        body: [UInt8],
        of call: UpstreamCall,
        format: EnvelopeFormat,
        keepingResponse: Bool
    ) {
        guard body.count <= Journal.maxBodyBytes else {
            self.init()
            return
        }
        let stored = CompressedBody.forRecording(headers: headers, body: body, limit: Journal.maxBodyBytes)
        let exchange = call.exchange(status: status, headers: stored.headers, body: stored.body)
        let response = exchange.fixtureResponse(rules: RecordingRules(envelope: format))
        let code = response?["envelope"]?["code"]?.intValue
        self.init(envelopeCode: code, successCode: format.successCode)
        if keepingResponse { upstreamResponse = response?.compactBytes }
    }

    /// What an answer with `status` came to.
    func outcome(status: Int) -> Outcome {
        if fault != nil { return .fault }
        if status >= 500 { return .serverError }
        if status >= 400 { return .clientError }
        if !isSuccessCode { return .businessError }
        return status >= 300 ? .redirect : .success
    }
}
