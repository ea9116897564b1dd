import Foundation

/// Python's `openapi-schema-validator`, run as `Tests/Interop/schema_verdicts.py` for the differential test. The test
/// skips when python3 or the package is missing, except in CI (`CI=true`), where their absence fails it.
enum SchemaPython {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus `Tests/Interop/schema_corpus.py` wrote.
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Interop/schema-corpus.json")

    /// Whether python3 has openapi-schema-validator (or this is CI, where the test must run), found off the test
    /// threads.
    static func canValidate() async -> Bool {
        if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
        return await Task.detached {
            (try? run(["-c", "import openapi_schema_validator"])) != nil
        }.value
    }

    /// Python's verdicts on the corpus, as the JSON object the script prints.
    static func verdicts() async throws -> Data {
        let script = repositoryRoot.appendingPathComponent("Tests/Interop/schema_verdicts.py").path
        return try await Task.detached { try run([script, corpus.path]) }.value
    }

    /// What `python3 ARGUMENTS` prints; throws when it fails.
    private static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(arguments: arguments) }
        return data
    }

    /// A python3 run that did not exit with 0.
    struct Failure: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "python3 \(arguments.joined(separator: " ")) failed" }
    }
}
