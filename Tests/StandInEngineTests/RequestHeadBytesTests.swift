import Testing

@testable import StandInEngine

/// The raw head the engine reads before evhttp parses it, to ask for a body's read rate.
@Suite struct RequestHeadBytesTests {
    private func withHead<T>(_ text: String, _ body: (RequestHeadBytes) -> T) -> T {
        Array(text.utf8).withUnsafeBytes { body(RequestHeadBytes(bytes: $0)) }
    }

    @Test func methodPathAndHeadersAreReadInPlace() {
        let head = "POST /photos/a%20b?size=2#top HTTP/1.1\r\nHost: x\r\nx-standin-read-rate:  512KB/s \r\n\r\n"
        withHead(head) { head in
            #expect(head.method == "POST")
            #expect(head.path == "/photos/a%20b")
            #expect(head.header(named: "X-StandIn-Read-Rate") == "512KB/s")
            #expect(head.header(named: "Host") == "x")
            #expect(head.header(named: "Content-Length") == nil)
        }
    }

    @Test func aHeaderNameMustMatchWholeAndBareLineFeedsEndLines() {
        withHead("PUT /a HTTP/1.1\nX-StandIn-Read-Rate-Extra: 1\nX-StandIn-Read-Rat: 2\n\n") { head in
            #expect(head.method == "PUT")
            #expect(head.header(named: "X-StandIn-Read-Rate") == nil)
        }
    }

    @Test func emptyLinesAndRunsOfSpacesAreSkippedAsBefore() {
        withHead("\r\n  DELETE   /items/7?x HTTP/1.1\r\n\r\nX-A:\t one two \t\r\nX-B:\r\n\r\n") { head in
            #expect(head.method == "DELETE")
            #expect(head.path == "/items/7")
            #expect(head.header(named: "x-a") == "one two")
            #expect(head.header(named: "X-B") == "")
            #expect(head.header(named: "X") == nil)
        }
        withHead("") { head in
            #expect(head.method == "")
            #expect(head.path == "")
            #expect(head.header(named: "Host") == nil)
        }
    }
}
