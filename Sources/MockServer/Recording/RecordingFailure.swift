/// Why an answer the backend gave was not recorded. A struct with a code rather than an enum, so that kinds can be
/// added without breaking a `switch`; `underlying` keeps the cause.
struct RecordingFailure: Error, CustomStringConvertible {
    /// The kind of failure.
    struct Code: Equatable, Sendable {
        private let name: String

        /// The recorder could not turn the answer into a fixture file or write it.
        static let notWritten = Code(name: "not written")
        /// Decoding the answer would take the answers in flight past their bound (`InFlightBytes`).
        static let notHeld = Code(name: "not held")
    }

    let code: Code
    /// What the recorder or the file system reported.
    let underlying: any Error

    init(_ code: Code, underlying: any Error) {
        self.code = code
        self.underlying = underlying
    }

    /// The cause, as the recorder or the file system said it.
    var description: String { "\(underlying)" }
}
