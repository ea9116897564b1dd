import StandInFixtures
import Testing

/// `readRate` in fixtures and `X-StandIn-Read-Rate`: rates with a unit, bounded, and their diagnostics.
@Suite struct ByteRateTests {
    @Test func ratesReadWithTheirUnitInAnyCase() throws {
        #expect(try ByteRate.parse("512KB/s") == 512 * 1024)
        #expect(try ByteRate.parse("2mb/s") == 2 * 1024 * 1024)
        #expect(try ByteRate.parse(" 800B/s ") == 800)
        #expect(try ByteRate.parse("1.5KB/s") == 1536)
        #expect(try ByteRate.parse("4096") == 4096)
    }

    @Test func networkRatesAreReadInBitsPerSecond() throws {
        #expect(try ByteRate.parse("780kbps") == 97_500)
        #expect(try ByteRate.parse("50Mbps") == 6_250_000)
        #expect(try ByteRate.parse("1gbps") == 125_000_000)
        #expect(try ByteRate.parse("9600bps") == 1200)
        #expect(throws: FixtureError.self) { try ByteRate.parse("3bps") }  // 0.375 B/s
    }

    @Test func ratesOutsideTheBoundsOrWithoutANumberAreRefused() {
        for text in ["0B/s", "-5KB/s", "2000MB/s", "fast", "KB/s", "+5KB/s", "5 KB/s/s", "nanKB/s"] {
            #expect(throws: FixtureError.self, "\(text)") { try ByteRate.parse(text) }
        }
    }

    @Test func aFixturesReadRateIsLoadedIntoItsRequest() throws {
        let loaded = try fixture(
            #"{ "request": { "method": "POST", "path": "/up", "readRate": "64KB/s" }, "response": {} }"#
        )
        #expect(loaded.request.readRate == 64 * 1024)
        let number = try fixture(
            #"{ "request": { "method": "POST", "path": "/up", "readRate": 1000 }, "response": {} }"#
        )
        #expect(number.request.readRate == 1000)
    }

    @Test func aBadReadRateNamesItsLine() throws {
        let text = """
            {
              "request": {
                "path": "/up",
                "readRate": "quick"
              },
              "response": {}
            }
            """
        #expect(
            try diagnosis(of: text)
                == #"4: request.readRate: "quick" is not a rate; write it like "512KB/s", "2MB/s", "800B/s" or "780kbps""#
        )
        let wrongType = #"{ "request": { "path": "/up", "readRate": true }, "response": {} }"#
        #expect(try diagnosis(of: wrongType) == #"1: request.readRate must be a rate like "512KB/s", not boolean"#)
    }
}
