import Foundation

extension FixtureLoader {
    /// Decodes one fixture that did not come from a file (the admin API adds fixtures at run time), checked exactly
    /// like a file: same decoder, same rules. `file` bodies are resolved against the mocks directory.
    ///
    /// - Parameters:
    ///   - bytes: the fixture's JSON.
    ///   - id: the id it will have (`runtime/1`).
    ///   - config: the project settings to compile it with (those of the loaded directory).
    /// - Throws: `FixtureError`: the first problem, with its line.
    public func decodeFixture(_ bytes: [UInt8], id: String, config: ProjectConfig) throws(FixtureError) -> Fixture {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw FixtureError("invalid JSON: \(error.reason) (column \(error.column))", line: error.line)
        }
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        let decoder = FixtureDecoder(id: id, file: "fixture.json", rootURL: root, config: config)
        do {
            return try decoder.decode(node)
        } catch {
            throw error.errors[0]
        }
    }
}
