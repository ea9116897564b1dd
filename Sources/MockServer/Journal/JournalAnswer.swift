import StandInFixtures

/// How a request was answered, as the journal and the dashboard tell it: the status, the code of the envelope
/// answered, the fault simulated, and what they came to (`outcome`).
///
/// Packed small (a code of `Int.min` for none, the status in 16 bits, the fault in one byte): the
/// journal moves each entry several times per request, and an entry larger than 128 bytes is moved by calls to
/// `memcpy` rather than in registers.
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

    /// A fault's kind, in a byte.
    private enum FaultKind: UInt8 {
        case connectionReset, emptyResponse, malformedBody, timeout, slowBody, cutStream

        init(_ fault: Fault) {
            switch fault {
            case .connectionReset: self = .connectionReset
            case .emptyResponse: self = .emptyResponse
            case .malformedBody: self = .malformedBody
            case .timeout: self = .timeout
            case .slowBody: self = .slowBody
            case .cutStream: self = .cutStream
            }
        }

        /// The fault's name, as fixtures write it.
        var name: String {
            switch self {
            case .connectionReset: Fault.connectionReset.description
            case .emptyResponse: Fault.emptyResponse.description
            case .malformedBody: Fault.malformedBody.description
            case .timeout: Fault.timeout.description
            case .slowBody: Fault.slowBody(bytesPerSecond: Fault.defaultBytesPerSecond).description
            case .cutStream: Fault.cutStream(afterEvents: nil).description
            }
        }
    }

    /// The envelope's code; `Int.min` for no envelope.
    private var code = Int.min
    /// The status sent (or, for a fault that sent none, the one planned); set when the entry is finished.
    var status: UInt16 = 0
    /// Whether the envelope's code is the project's success code (true when there is no envelope).
    private var isSuccessCode = true
    private var faultKind: FaultKind?
    /// For an event stream, the events sent plus one in the low 31 bits and whether the client left first in the
    /// top bit; 0 for any other answer.
    private var streamBits: UInt32 = 0

    /// An answer with no envelope and no fault.
    init() {}

    /// An answer that was an envelope with `code` (nil: not an envelope) in a project whose success code is
    /// `successCode`, with `fault` simulated.
    init(envelopeCode code: Int?, successCode: Int, fault: Fault? = nil) {
        if let code {
            self.code = code
            isSuccessCode = code == successCode
        }
        faultKind = fault.map(FaultKind.init)
    }

    /// The code of the envelope answered, if the answer was one.
    var envelopeCode: Int? { code == .min ? nil : code }

    /// For an event stream: how many events were sent, and whether the client left before the stream ended.
    var stream: (eventsSent: Int, clientLeftFirst: Bool)? {
        get {
            guard streamBits != 0 else { return nil }
            return (Int(streamBits & Self.countMask) - 1, streamBits & ~Self.countMask != 0)
        }
        set {
            guard let newValue else {
                streamBits = 0
                return
            }
            let count = UInt32(min(newValue.eventsSent + 1, Int(Self.countMask)))
            streamBits = count | (newValue.clientLeftFirst ? ~Self.countMask : 0)
        }
    }

    private static let countMask: UInt32 = 0x7FFF_FFFF

    /// The name of the fault simulated, if any.
    var fault: String? { faultKind?.name }

    /// What the answer came to.
    var outcome: Outcome {
        if faultKind != nil { return .fault }
        if status >= 500 { return .serverError }
        if status >= 400 { return .clientError }
        if !isSuccessCode { return .businessError }
        return status >= 300 ? .redirect : .success
    }
}
