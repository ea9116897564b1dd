import Foundation

extension EnvelopeFormat {
    /// The name of the project settings file inside a mocks directory.
    public static let settingsFileName = "standin.json"

    /// Reads the envelope format from a mocks directory's `standin.json`, the file the server reads too.
    ///
    /// Only the optional `envelope` object matters here; every key in it is optional. A directory without the file,
    /// or a file without `envelope`, gives ``standard``.
    /// - Throws: The file's read error, or a `DecodingError` when it is not valid JSON of the documented shape.
    public init(contentsOfMocksDirectory directory: URL) throws {
        let url = directory.appendingPathComponent(Self.settingsFileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            self = .standard
            return
        }
        let settings = try JSONDecoder().decode(Settings.self, from: Data(contentsOf: url))
        self = settings.envelope ?? .standard
    }

    /// The part of `standin.json` the client core reads.
    private struct Settings: Decodable {
        let envelope: EnvelopeFormat?
    }
}
