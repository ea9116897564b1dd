import Testing

/// The comparison behind the documentation examples: it accepts what varies where the docs write `…`, and
/// nothing else.
@Suite struct ExpectedOutputTests {
    private func mismatches(_ shown: [String], _ output: String, status: Int32 = 0) -> [String] {
        ExpectedOutput(lines: shown).mismatches(output: output, status: status)
    }

    @Test func jsonWithEllipsesMatchesWhatVaries() {
        let shown = [#"{"code":0,…,"data":{"id":"7","token":"tok_…","items":[{"id":1,…},…]},"request_id":"…"}"#]
        let output =
            #"{"code":0,"message":"success","data":{"id":"7","token":"tok_ab12","items":[{"id":1,"a":2},{}]},"request_id":"f00"}"#
        #expect(mismatches(shown, output).isEmpty)
    }

    @Test func jsonThatDiffersIsReportedByPath() {
        let shown = [#"{"code":0,"data":{"id":"7","n":1},"request_id":"…"}"#]
        let output = #"{"code":40101,"data":{"id":7,"extra":true},"request_id":"f00"}"#
        #expect(
            mismatches(shown, output).sorted() == [
                "$.code is 40101, not 0", "$.data has \"extra\" too", "$.data has no \"n\"",
                "$.data.id is int(7), of another type than shown",
            ]
        )
    }

    @Test func aResponseHeadIsComparedLineByLine() {
        let output = "HTTP/1.1 201 Created\r\nLocation: /orders/abc\r\nX-Request-ID: abc\r\n\r\n{\"code\":0}"
        #expect(mismatches(["HTTP/1.1 201 Created", "location: /orders/…", "{\"code\":0}"], output).isEmpty)
        #expect(mismatches(["HTTP/1.1 200 OK", "{\"code\":0}"], output).count == 1)
        #expect(mismatches(["HTTP/1.1 201 Created", "Retry-After: 1", "{\"code\":0}"], output).count == 1)
    }

    @Test func textAndExitStatusAreCompared() {
        #expect(mismatches(["pong"], "pong").isEmpty)
        #expect(mismatches(["pong"], "ping").count == 1)
        #expect(mismatches([], "").isEmpty)
        #expect(mismatches([], "", status: 7) == ["the command exited with status 7"])
        #expect(
            mismatches(
                ["data: a", "", "curl: (28) Operation timed out …"],
                "data: a\n\ncurl: (28) Operation timed out after 1001 ms\n",
                status: 28
            )
            .isEmpty,
            "what a stream sent before curl gave up, then curl's error"
        )
        #expect(
            mismatches(["curl: (28) …", "data: a"], "curl: (28) x\ndata: a\n", status: 28) == [
                "the command exited with status 28"
            ]
        )
        #expect(
            mismatches(
                ["curl: (56) Recv failure: …"],
                "curl: (56) Recv failure: Connection reset by peer\n",
                status: 56
            ).isEmpty
        )
    }
}
