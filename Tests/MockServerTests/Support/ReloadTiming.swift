import Foundation
import NetworkCore
import Testing

/// Makes `change` to a watched mocks directory, waits until `takesEffect` holds (two minutes at most, a safety net), and returns how
/// long after the change the server logged its last reload, the one that brought the change: a time on the server's
/// own clock, free of how long the test took to notice.
///
/// The last reload, not the first: a reload may run in the middle of a change (between an editor's temporary file
/// and its rename), and the next one brings the rest.
func reloadTime(
    loggedIn log: CapturedLog,
    of change: () throws -> Void,
    until takesEffect: () async throws -> Bool
) async throws -> Duration {
    let changed = ContinuousClock.now
    try change()
    _ = try await poll(every: .milliseconds(20), timeout: .seconds(120), until: { $0 }, operation: takesEffect)
    let reloaded = try #require(log.lastTime(of: "reloaded:"), "no reload was logged")
    return reloaded - changed
}
