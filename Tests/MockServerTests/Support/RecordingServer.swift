import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

/// Starts `standin record` in process on a free port, proxying to `upstream` and writing under `mocks`, runs `body`
/// with its base URL, and always stops it; returns the run's summary. An event stream is relayed for at most
/// `maxHold`.
@discardableResult
func withRecordingServer(
    upstream: URL,
    mocks: URL,
    mode: RecordingConfiguration.Mode = .all,
    rules: RecordingRules = RecordingRules(),
    timeout: Duration = .seconds(60),
    maxInFlightBytes: Int = RecordingConfiguration.defaultMaxInFlightBytes,
    maxHold: Duration = .seconds(300),
    _ body: (URL) async throws -> Void
) async throws -> RecordingSummary {
    let recording = RecordingConfiguration(
        upstream: upstream,
        mode: mode,
        rules: rules,
        timeout: timeout,
        maxInFlightBytes: maxInFlightBytes
    )
    let configuration = MockServerConfiguration(
        mocksDirectory: mocks,
        port: 0,
        accessLog: false,
        simulation: SimulationSettings(maxHold: maxHold),
        watch: false,
        recording: recording
    )
    let server = try MockServer(configuration: configuration, logger: .init(label: "test"))
    try server.start()
    do {
        // On a thread of its own, as `withRunningServer` runs its body.
        try await onOwnExecutor { try await body(URL(string: "http://127.0.0.1:\(server.port)")!) }
    } catch {
        server.stop()
        throw error
    }
    server.stop()
    return try #require(await server.recordingSummary())
}

/// Every regular file under `directory`, as paths relative to it, sorted.
func files(under directory: URL) -> [String] {
    let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
    let enumerator = FileManager.default.enumerator(atPath: root)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
            found.append(path)
        }
    }
    return found.sorted()
}

/// A fixture file's JSON in one line: `{ "request": { "path": … }, "response": … }`.
func fixtureJSON(path: String, method: String = "GET", response: String) -> String {
    #"{ "request": { "method": "\#(method)", "path": "\#(path)" }, "response": \#(response) }"#
}
