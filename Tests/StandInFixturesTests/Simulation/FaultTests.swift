import StandInFixtures
import Testing

@Suite struct FaultTests {
    @Test func namesParse() throws {
        #expect(try Fault(name: "connection-reset") == .connectionReset)
        #expect(try Fault(name: "empty-response") == .emptyResponse)
        #expect(try Fault(name: "malformed-body") == .malformedBody)
        #expect(try Fault(name: " timeout ") == .timeout)
        #expect(try Fault(name: "slow-body") == .slowBody(bytesPerSecond: Fault.defaultBytesPerSecond))
    }

    @Test func namesRoundTripThroughTheirDescription() throws {
        for name in ["connection-reset", "empty-response", "malformed-body", "timeout", "slow-body"] {
            #expect(try Fault(name: name).description == name)
        }
    }

    @Test func unknownNamesListTheKnownOnes() {
        #expect(
            throws: FixtureError(
                #"unknown fault "reset"; use connection-reset, empty-response, malformed-body, timeout, slow-body or cut-stream"#
            )
        ) { try Fault(name: "reset") }
    }

    @Test func fixtureFormsParse() throws {
        #expect(try fault(#""timeout""#) == .timeout)
        #expect(try fault(#"{"type": "empty-response"}"#) == .emptyResponse)
        #expect(try fault(#"{"type": "slow-body"}"#) == .slowBody(bytesPerSecond: 1024))
        #expect(try fault(#"{"type": "slow-body", "bytesPerSecond": 512}"#) == .slowBody(bytesPerSecond: 512))
    }

    @Test func badFixtureFormsAreRefused() throws {
        let cases: [(String, String)] = [
            (#"{"type": "timeout", "bytesPerSecond": 10}"#, "bytesPerSecond applies only to slow-body"),
            (#"{"type": "slow-body", "bytesPerSecond": 0}"#, "fault.bytesPerSecond must be within 1...1000000000"),
            (#"{"type": "slow-body", "bytesPerSecond": "fast"}"#, "fault.bytesPerSecond must be an integer"),
            (#"{"bytesPerSecond": 10}"#, #"fault needs a "type""#),
            (#"{"type": "slow-body", "rate": 10}"#, #"unknown key "rate" in fault"#),
            (#"{"type": 1}"#, "fault.type must be a string, not number"),
            (#""explode""#, #"unknown fault "explode""#),
            ("true", "fault must be an object, not boolean"),
        ]
        for (json, expected) in cases {
            do {
                let parsed = try fault(json)
                Issue.record("\(json) parsed as \(parsed)")
            } catch let error as FixtureError {
                #expect(error.reason.contains(expected), "\(json) gave \(error.reason)")
            }
        }
    }

    private func fault(_ json: String) throws -> Fault {
        try Fault(json: try JSONParser.parse(json))
    }
}
