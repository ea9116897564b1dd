import StandInFixtures
import Testing

@Suite struct DelaySpecTests {
    @Test func durationsTakeAUnitAndMayHaveAFraction() throws {
        #expect(try DurationText.parse("120ms") == .milliseconds(120))
        #expect(try DurationText.parse("2s") == .seconds(2))
        #expect(try DurationText.parse("1.5s") == .milliseconds(1500))
        #expect(try DurationText.parse("500us") == .microseconds(500))
        #expect(try DurationText.parse("5m") == .seconds(300))
        #expect(try DurationText.parse(" 40ms ") == .milliseconds(40))
        #expect(try DurationText.parse("0ms") == .zero)
    }

    @Test func durationsWithoutAUnitOrWithASignAreRefused() {
        for text in ["120", "-1s", "+1s", "ms", "fast", "1h", "1 s s", "infms", "nanms"] {
            #expect(throws: FixtureError.self, "\(text) parsed") { try DurationText.parse(text) }
        }
        let message =
            #""120" is not a duration; write a number and a unit (us, ms, s or m), like "120ms", "2s" or "1.5s""#
        #expect(throws: FixtureError(message)) {
            try DurationText.parse("120")
        }
    }

    @Test func durationsInHexadecimalOrWithAnExponentAreRefused() {
        for text in ["0x10ms", "0x1p4s", "1e2ms", "1.s", ".5s"] {
            #expect(throws: FixtureError.self, "\(text) parsed") { try DurationText.parse(text) }
        }
    }

    @Test func durationsAboveTheCeilingAreRefusedNotTrapped() throws {
        #expect(try DurationText.parse("60m") == DurationText.ceiling)
        for text in ["3600.001s", "61m", "10000000000s", "1e300s", "9223372036854775807us"] {
            #expect(throws: FixtureError.self, "\(text) parsed") { try DurationText.parse(text) }
        }
        #expect(
            throws: FixtureError(#""10000000000s" is longer than the longest duration StandIn accepts, 1 hour"#)
        ) {
            try DurationText.parse("10000000000s")
        }
        #expect(throws: FixtureError.self) { try DelaySpec(parsing: "median=1us,p99=9000000000s") }
        #expect(throws: FixtureError.self) { try DelaySpec(json: try JSONParser.parse(#"{"min":"1s","max":"2h"}"#)) }
    }

    @Test func durationsFormatInMillisecondsOrSeconds() {
        #expect(DurationText.format(.milliseconds(120)) == "120ms")
        #expect(DurationText.format(.seconds(2)) == "2s")
        #expect(DurationText.format(.milliseconds(1500)) == "1.5s")
        #expect(DurationText.format(.microseconds(250)) == "0.25ms")
    }

    @Test func textualFormsParse() throws {
        #expect(try DelaySpec(parsing: "120ms") == .fixed(.milliseconds(120)))
        #expect(
            try DelaySpec(parsing: "100ms..300ms") == .uniform(min: .milliseconds(100), max: .milliseconds(300))
        )
        #expect(
            try DelaySpec(parsing: "median=100ms,p99=800ms")
                == .logNormal(median: .milliseconds(100), p99: .milliseconds(800))
        )
        #expect(
            try DelaySpec(parsing: "p99=1s, median=200ms") == .logNormal(median: .milliseconds(200), p99: .seconds(1))
        )
    }

    @Test func textualFormsRoundTripThroughTheirDescription() throws {
        for text in ["120ms", "100ms..300ms", "median=100ms,p99=800ms", "1.5s"] {
            #expect(try DelaySpec(parsing: text).description == text)
        }
    }

    @Test func badTextualFormsAreRefused() {
        let cases: [(String, String)] = [
            ("300ms..100ms", "delay min must not exceed max"),
            ("median=100ms", #""median=100ms" is not a delay"#),
            ("median=100ms,max=1s", "is not a delay"),
            ("median=0ms,p99=1s", "delay needs 0 < median <= p99"),
            ("median=2s,p99=1s", "delay needs 0 < median <= p99"),
            ("fast", #""fast" is not a duration"#),
            ("100ms..", "\"\" is not a duration"),
        ]
        for (text, expected) in cases {
            let reason = reasonFor(text)
            #expect(reason.contains(expected), "\(text) gave \(reason)")
        }
    }

    @Test func fixtureFormsParse() throws {
        #expect(try spec(#""40ms""#) == .fixed(.milliseconds(40)))
        #expect(try spec(#"{"min": "1s", "max": "2s"}"#) == .uniform(min: .seconds(1), max: .seconds(2)))
        #expect(
            try spec(#"{"median": "100ms", "p99": "800ms"}"#)
                == .logNormal(median: .milliseconds(100), p99: .milliseconds(800))
        )
    }

    @Test func badFixtureFormsAreRefused() throws {
        let cases: [(String, String)] = [
            ("40", #"delay must be a string like "120ms" or an object, not number"#),
            (#"{"min": "1s"}"#, #"delay takes "min" and "max", or "median" and "p99""#),
            (#"{"min": "1s", "p99": "2s"}"#, #"delay takes "min" and "max", or "median" and "p99""#),
            (#"{"min": 1, "max": 2}"#, "as durations"),
            (#"{"low": "1s"}"#, "as durations"),
            (#"{"min": "2s", "max": "1s"}"#, "delay min must not exceed max"),
            (#"{"median": "2s", "p99": "1s"}"#, "delay needs 0 < median <= p99"),
            (#""soon""#, #""soon" is not a duration"#),
        ]
        for (json, expected) in cases {
            do {
                let parsed = try spec(json)
                Issue.record("\(json) parsed as \(parsed)")
            } catch let error as FixtureError {
                #expect(error.reason.contains(expected), "\(json) gave \(error.reason)")
            }
        }
    }

    @Test func fixedDelaysAlwaysSampleTheSame() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<100 {
            #expect(DelaySpec.fixed(.milliseconds(40)).sample(using: &generator) == .milliseconds(40))
        }
    }

    @Test func uniformSamplesStayWithinTheBoundsAndSpreadOverThem() {
        var generator = SeededGenerator(seed: 7)
        let spec = DelaySpec.uniform(min: .milliseconds(100), max: .milliseconds(300))
        let samples = (0..<10_000).map { _ in spec.sample(using: &generator) }
        #expect(samples.allSatisfy { $0 >= .milliseconds(100) && $0 <= .milliseconds(300) })
        #expect(samples.min()! < .milliseconds(105))
        #expect(samples.max()! > .milliseconds(295))
        let below200 = samples.filter { $0 < .milliseconds(200) }.count
        #expect((4_500...5_500).contains(below200))
    }

    @Test func logNormalSamplesHaveTheMedianAndTailAsked() {
        var generator = SeededGenerator(seed: 42)
        let spec = DelaySpec.logNormal(median: .milliseconds(100), p99: .milliseconds(800))
        let samples = (0..<10_000).map { _ in spec.sample(using: &generator) }.sorted()
        let median = samples[5_000]
        let p99 = samples[9_900]
        #expect(median > .milliseconds(93) && median < .milliseconds(107), "median \(median)")
        #expect(p99 > .milliseconds(600) && p99 < .milliseconds(1_050), "p99 \(p99)")
        #expect(samples.allSatisfy { $0 > .zero && $0 <= .milliseconds(80_000) })
    }

    @Test func logNormalSamplesWithTheWidestTailStayWithinTheCeiling() {
        var generator = SeededGenerator(seed: 3)
        let spec = DelaySpec.logNormal(median: .microseconds(1), p99: DurationText.ceiling)
        let samples = (0..<100_000).map { _ in spec.sample(using: &generator) }
        #expect(samples.allSatisfy { $0 >= .zero && $0 <= DurationText.ceiling })
        #expect(samples.contains(DurationText.ceiling))
    }

    @Test func uniformSamplesOverTheWidestRangeStayWithinIt() {
        var generator = SeededGenerator(seed: 5)
        let spec = DelaySpec.uniform(min: .zero, max: DurationText.ceiling)
        #expect((0..<10_000).allSatisfy { _ in spec.sample(using: &generator) <= DurationText.ceiling })
    }

    @Test func theSameSeedGivesTheSameDraws() {
        let spec = DelaySpec.logNormal(median: .milliseconds(100), p99: .milliseconds(800))
        func draws(seed: UInt64) -> [Duration] {
            var generator = SeededGenerator(seed: seed)
            return (0..<100).map { _ in spec.sample(using: &generator) }
        }
        #expect(draws(seed: 9) == draws(seed: 9))
        #expect(draws(seed: 9) != draws(seed: 10))
    }

    private func spec(_ json: String) throws -> DelaySpec {
        try DelaySpec(json: try JSONParser.parse(json))
    }

    private func reasonFor(_ text: String) -> String {
        do {
            _ = try DelaySpec(parsing: text)
            return "no error"
        } catch {
            return error.reason
        }
    }
}
