extension RecordedExchange {
    /// The response as `record` writes it into a fixture: the status, the headers worth replaying, and the body as
    /// `envelope` (without its request id), `json`, `text` or `base64`, with the secrets `rules` names dropped or
    /// replaced. Nil when the body is too large to go in the fixture itself (`record` puts it in a file of its own).
    public func fixtureResponse(rules: RecordingRules) -> JSONNode? {
        let response = RecordedResponse(self, rules: rules, secrets: SecretIndex(rules.redactor.secrets(in: self)))
        return response.largeBody == nil ? response.node(file: nil) : nil
    }
}
