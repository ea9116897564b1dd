extension MockRegistry {
    /// An answer registered in code.
    struct Stub: Sendable {
        private enum Content: Sendable {
            /// JSON served as it is.
            case plain([UInt8])
            /// An envelope with this code, message and data.
            case envelope(code: Int, message: String, data: JSONNode)
        }

        private let status: Int
        private let content: Content

        /// An envelope answer; its `request_id` is the request's.
        static func envelope(status: Int, code: Int, _ message: String, _ data: JSONNode) -> Stub {
            Stub(status: status, content: .envelope(code: code, message: message, data: data))
        }

        /// A plain JSON answer.
        static func plain(status: Int, _ json: [UInt8]) -> Stub {
            Stub(status: status, content: .plain(json))
        }

        /// The reply to one request, with the project's headers and envelope format.
        func reply(config: ProjectConfig, requestId: String) -> JSONReply {
            switch content {
            case .plain(let json):
                return JSONReply(status: status, body: json, config: config, requestId: requestId)
            case .envelope(let code, let message, let data):
                let body = ErrorEnvelope.body(
                    code: code,
                    message: message,
                    data: data,
                    format: config.envelope,
                    requestId: requestId
                )
                return JSONReply(
                    status: status,
                    body: body,
                    envelopeCode: code,
                    config: config,
                    requestId: requestId
                )
            }
        }
    }
}
