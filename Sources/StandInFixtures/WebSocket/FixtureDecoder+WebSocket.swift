extension FixtureDecoder {
    /// A fixture that may answer with a WebSocket conversation answers GET only, the method of an upgrade (RFC 6455
    /// section 4.1); the error names the line of `method`, or of `request` when the method is implied.
    func checkUpgradeMethod(
        _ request: RequestPattern,
        root: ObjectReader,
        answers: [ResponseDefinition]
    ) throws(FixtureError) {
        guard request.method != .exact("GET"), answers.contains(where: { $0.websocket != nil }) else { return }
        let requestMember = root.member("request")
        throw FixtureError(
            "a websocket fixture answers GET, the method of an upgrade, not \(request.method)",
            line: requestMember?.value.member("method")?.keyLine ?? requestMember?.keyLine
        )
    }
}
