import Foundation
// libFuzzer target: any bytes, decoded as a fixture file, give a fixture or a diagnostic with a line, never a crash;
// a fixture's delays can be drawn without trapping.
// Build and run with Fuzz/run.sh; see docs/development.md#fuzzing.
import StandInFixtures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixtureLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loader = FixtureLoader(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
    do {
        let fixture = try loader.decodeFixture(bytes, id: "fuzz.json", config: ProjectConfig())
        precondition(!fixture.endpoint.isEmpty, "a decoded fixture has no endpoint")
        // Whatever durations a fixture holds, drawing its delays stays within the ceiling and never traps.
        var generator = SeededGenerator(seed: UInt64(size))
        for variant in [nil] + fixture.variantNames {
            guard let delay = try? fixture.response(step: 0, variant: variant).delay else { continue }
            for _ in 0..<16 {
                precondition(delay.sample(using: &generator) <= DurationText.ceiling, "a delay past the ceiling")
            }
        }
    } catch {
        precondition((error.line ?? 1) >= 1, "a diagnostic without a usable line: \(error.reason)")
        precondition(!error.reason.isEmpty, "a diagnostic without a reason")
    }
    return 0
}
