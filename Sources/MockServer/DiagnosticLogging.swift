import Logging
import StandInFixtures

extension Logger {
    /// The metadata key that marks a message as a fixture diagnostic (`file:line: reason`), so that a log handler
    /// can print it bare, where editors and terminals find the file and line.
    public static let diagnosticMetadataKey = "diagnostic"

    /// Logs a broken fixture file's problem as an error marked with `diagnosticMetadataKey`.
    func report(_ diagnostic: Diagnostic) {
        error("\(diagnostic)", metadata: [Self.diagnosticMetadataKey: "\(diagnostic.file):\(diagnostic.line)"])
    }
}
