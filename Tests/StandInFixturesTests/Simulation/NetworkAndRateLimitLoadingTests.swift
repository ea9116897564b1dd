import StandInFixtures
import Testing

/// `network` on responses and variants, custom profiles in `standin.json` and `rateLimit` on fixtures: what loads,
/// and each mistake reported as `file:line: reason` (what `standin check` prints).
@Suite struct NetworkAndRateLimitLoadingTests {
    @Test func aResponseAndAVariantNameTheirNetworks() throws {
        let loaded = try fixture(
            #"""
            { "request": { "path": "/a" }, "response": { "network": "3g" },
              "variants": { "offline-ish": { "network": "very-bad" } } }
            """#
        )
        #expect(loaded.response.network?.name == "3g")
        #expect(loaded.response.network?.down == 97_500)
        #expect(try loaded.response(step: 0, variant: "offline-ish").network?.latency == .milliseconds(500))
    }

    @Test func aCustomProfileIsReadFromStandinJSON() throws {
        let result = try load([
            ProjectConfig.fileName: #"""
            { "networks": { "hotel": { "down": "2Mbps", "up": "512kbps", "latency": "80ms", "jitter": "30ms" } } }
            """#,
            "a.json": #"{ "request": { "path": "/a" }, "response": { "network": "hotel" } }"#,
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let hotel = try #require(result.fixtures.first?.response.network)
        #expect(
            hotel
                == NetworkProfile(
                    name: "hotel",
                    down: 250_000,
                    up: 64_000,
                    latency: .milliseconds(80),
                    jitter: .milliseconds(30)
                )
        )
        #expect(result.config.networks.names == ["edge", "3g", "lte", "wifi", "very-bad", "hotel"])
    }

    @Test func anUnknownNetworkNamesTheKnownOnes() throws {
        #expect(
            try diagnosis(of: "{ \"request\": { \"path\": \"/a\" },\n  \"response\": { \"network\": \"4g\" } }")
                == #"2: response.network: unknown network "4g"; the known ones are edge, 3g, lte, wifi, very-bad (add others under "networks" in standin.json)"#
        )
    }

    @Test func aProfileWhoseFiguresDoNotParseIsReportedWithItsLine() throws {
        let result = try load([
            ProjectConfig.fileName: """
            { "networks": {
                "bad-rate": { "down": "fast" },
                "3g": { "latency": "1ms" },
                "bad-latency": { "latency": "soon" }
            } }
            """
        ])
        let reasons = result.diagnostics.map { "\($0.line): \($0.reason)" }
        #expect(reasons.contains { $0.hasPrefix(#"2: networks.bad-rate.down: "fast" is not a rate"#) }, "\(reasons)")
        #expect(reasons.contains(#"3: networks: "3g" is a preset; give your profile a name of its own"#), "\(reasons)")
        #expect(
            reasons.contains { $0.hasPrefix(#"4: networks.bad-latency.latency: "soon" is not a duration"#) },
            "\(reasons)"
        )
    }

    @Test func aRateLimitIsReadWithItsKey() throws {
        let loaded = try fixture(
            #"""
            { "request": { "path": "/a" }, "rateLimit": { "requests": 5, "per": "1m", "by": "header.Authorization" },
              "response": {} }
            """#
        )
        let limit = try #require(loaded.rateLimit)
        #expect(limit.requests == 5)
        #expect(limit.window == .seconds(60))
        #expect(limit.key != nil)
    }

    @Test func aRateLimitThatCannotBeCountedIsReportedWithItsLine() throws {
        let zero =
            "{ \"request\": { \"path\": \"/a\" },\n  \"rateLimit\": { \"requests\": 5,\n \"per\": \"0s\" }, \"response\": {} }"
        #expect(try diagnosis(of: zero) == "3: rateLimit.per must be longer than zero")
        let none =
            "{ \"request\": { \"path\": \"/a\" },\n  \"rateLimit\": { \"requests\": 0, \"per\": \"1s\" }, \"response\": {} }"
        #expect(try diagnosis(of: none)?.hasPrefix("2: rateLimit.requests must be") == true)
        let unparsable =
            "{ \"request\": { \"path\": \"/a\" },\n  \"rateLimit\": { \"requests\": 1, \"per\": \"hourly\" }, \"response\": {} }"
        #expect(try diagnosis(of: unparsable)?.hasPrefix(#"2: rateLimit.per: "hourly" is not a duration"#) == true)
        let braces =
            "{ \"request\": { \"path\": \"/a\" },\n  \"rateLimit\": { \"requests\": 1, \"per\": \"1s\", \"by\": \"{{header.A}}\" }, \"response\": {} }"
        #expect(try diagnosis(of: braces)?.hasPrefix("2: rateLimit.by is an expression without braces") == true)
    }
}
