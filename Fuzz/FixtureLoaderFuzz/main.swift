// libFuzzer target: any bytes, decoded as a fixture file, give a fixture or a diagnostic with a line, never a crash.
// Build and run with Fuzz/run.sh; see Fuzz/README.md.
import Fixtures
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixtureLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loader = FixtureLoader(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
    do {
        let fixture = try loader.decodeFixture(bytes, id: "fuzz.json", config: ProjectConfig())
        precondition(!fixture.endpoint.isEmpty, "a decoded fixture has no endpoint")
    } catch {
        precondition((error.line ?? 1) >= 1, "a diagnostic without a usable line: \(error.reason)")
        precondition(!error.reason.isEmpty, "a diagnostic without a reason")
    }
    return 0
}
