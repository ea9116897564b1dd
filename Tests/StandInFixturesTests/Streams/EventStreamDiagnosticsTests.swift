import StandInFixtures
import Testing

/// What `standin check` says of a broken `events` response: the reason and the line.
@Suite struct EventStreamDiagnosticsTests {
    private func response(_ lines: String) -> String {
        "{\n  \"request\": { \"path\": \"/s\" },\n  \"response\": {\n\(lines)\n  }\n}"
    }

    @Test func anEmptyListIsAnError() throws {
        #expect(
            try diagnosis(of: response(#"    "events": []"#))
                == "4: response.events is empty; a stream needs at least one event"
        )
    }

    @Test func aDelayThatDoesNotParseNamesItsLine() throws {
        let text = response(
            """
                "events": [
                  { "data": "a",
                    "delay": "soon" }
                ]
            """
        )
        #expect(
            try diagnosis(of: text)?.hasPrefix(#"6: response.events[0].delay: "soon" is not a duration"#) == true
        )
    }

    @Test func afterEventsBeyondTheListIsAnError() throws {
        let text = response(
            """
                "events": [ { "data": "a" }, { "data": "b" } ],
                "fault": "cut-stream",
                "afterEvents": 3
            """
        )
        #expect(try diagnosis(of: text) == "5: afterEvents 3 is beyond the stream's 2 events")
    }

    @Test func afterEventsGoesWithCutStream() throws {
        let text = response(
            """
                "events": [ { "data": "a" } ],
                "afterEvents": 1
            """
        )
        #expect(try diagnosis(of: text) == #"5: response.afterEvents goes with "fault": "cut-stream""#)
    }

    @Test func cutStreamCountsTheEventsOfAStreamOnly() throws {
        let text = response(
            """
                "json": {},
                "fault": { "type": "cut-stream", "afterEvents": 1 }
            """
        )
        #expect(try diagnosis(of: text) == #"5: afterEvents counts the events of an "events" response"#)
    }

    @Test func streamKeysWithoutEventsAreAnError() throws {
        #expect(
            try diagnosis(of: response(#"    "json": {}, "afterLast": "hold""#))
                == #"4: response.afterLast goes with "events""#
        )
    }

    @Test func anUnknownEndingNamesTheChoices() throws {
        let text = response(#"    "events": [ { "data": "a" } ], "afterLast": "linger""#)
        #expect(try diagnosis(of: text) == #"4: response.afterLast is "linger"; use "close" or "hold""#)
    }

    @Test func anEventThatSendsNothingIsAnError() throws {
        let text = response(
            """
                "events": [
                  { "delay": "1s" }
                ]
            """
        )
        #expect(try diagnosis(of: text)?.hasPrefix("5: response.events[0] sends nothing") == true)
    }

    @Test func anIDOnTwoLinesIsAnError() throws {
        let text = response(#"    "events": [ { "id": "a\nb", "data": "x" } ]"#)
        #expect(try diagnosis(of: text)?.hasSuffix("must be one line") == true)
    }

    @Test func eventsAndAnotherBodyFormAreAnError() throws {
        let text = response(
            """
                "json": {},
                "events": [ { "data": "a" } ]
            """
        )
        #expect(try diagnosis(of: text) == #"5: a response has one body form, not "json" and "events""#)
    }
}
