import Foundation
import NetworkCore
import Testing

/// `EventStreamParser` against the WHATWG HTML standard's event stream interpretation, fed whole and in every split.
@Suite struct EventStreamParserTests {
    /// The events of `text` fed in one piece.
    private func events(_ text: String) -> [ServerSentEvent] {
        var parser = EventStreamParser()
        return parser.parse(Array(text.utf8))
    }

    /// The events of `bytes` fed in two pieces split at `cut`, then in pieces of one byte each.
    private func eachSplit(of bytes: [UInt8]) -> [[ServerSentEvent]] {
        var results: [[ServerSentEvent]] = []
        for cut in 0...bytes.count {
            var parser = EventStreamParser()
            results.append(parser.parse(bytes[..<cut]) + parser.parse(bytes[cut...]))
        }
        var parser = EventStreamParser()
        results.append(bytes.flatMap { parser.parse([$0]) })
        return results
    }

    @Test func fieldsMakeOneEventOnTheBlankLine() {
        let text = "event: delta\nid: 7\nretry: 2500\ndata: {\"text\":\"Hel\"}\n\n"
        #expect(
            events(text) == [
                ServerSentEvent(event: "delta", data: #"{"text":"Hel"}"#, id: "7", retry: .milliseconds(2500))
            ]
        )
    }

    @Test func dataLinesJoinWithLineFeedsAndOnlyOneLeadingSpaceIsDropped() {
        #expect(events("data: one\ndata:two\ndata:  three\ndata\n\n").map(\.data) == ["one\ntwo\n three\n"])
        #expect(events("data:\ndata: x\n\n").map(\.data) == ["\nx"])
        #expect(events("data\n\n") == [ServerSentEvent(data: "")])
    }

    @Test func crLfAndCrEndLinesAsLfDoes() {
        let expected = [ServerSentEvent(event: "e", data: "a\nb"), ServerSentEvent(data: "c")]
        #expect(events("event: e\r\ndata: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n") == expected)
        #expect(events("event: e\rdata: a\rdata: b\r\rdata: c\r\r") == expected)
        #expect(events("event: e\ndata: a\rdata: b\r\n\ndata: c\n\r") == expected)
    }

    @Test func everySplitOfTheBytesGivesTheSameEvents() {
        let text = "\u{FEFF}: hello\r\nevent: delta\r\nid: 1\r\ndata: Hél\r\n\r\nretry: 10\rdata: lo\r\r: bye\n"
        let expected = [
            ServerSentEvent(event: "delta", data: "Hél", id: "1"),
            ServerSentEvent(data: "lo", id: "1", retry: .milliseconds(10)),
        ]
        for (cut, result) in eachSplit(of: Array(text.utf8)).enumerated() {
            #expect(result == expected, "split at \(cut)")
        }
    }

    @Test func commentsAndUnknownFieldsAreIgnored() {
        #expect(events(": keep-alive\n\n:\ndata: x\nfoo: bar\n: more\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func oneByteOrderMarkIsSkippedOnlyAtTheStart() {
        #expect(events("\u{FEFF}data: x\n\n") == [ServerSentEvent(data: "x")])
        // A second mark makes the first line's field name "\u{FEFF}data", which is no field.
        #expect(events("\u{FEFF}\u{FEFF}data: x\n\ndata: y\n\n") == [ServerSentEvent(data: "y")])
        #expect(events("data: x\n\u{FEFF}data: y\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func anEventWithoutDataIsNotDispatched() {
        #expect(events("event: ping\n\nid: 3\n\nretry: 100\n\n").isEmpty)
        #expect(events("id: 3\n\ndata: x\n\n") == [ServerSentEvent(data: "x", id: "3")])
    }

    @Test func theLastEventIDPersistsUntilAnIDFieldChangesIt() {
        var parser = EventStreamParser()
        let events = parser.parse(Array("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\nid: 2\ndata: d\n\n".utf8))
        #expect(events.map(\.id) == ["1", "1", nil, "2"])
        #expect(parser.lastEventID == "2")
    }

    @Test func anIDWithNulIsIgnored() {
        var parser = EventStreamParser()
        let events = parser.parse(Array("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n".utf8))
        #expect(events.map(\.id) == ["1", "1"])
        #expect(parser.lastEventID == "1")
    }

    @Test func retryIsTakenOnlyWhenAllDigits() {
        var parser = EventStreamParser()
        let events = parser.parse(Array("retry: 1500\n\nretry: +5\nretry: 2s\nretry: -1\nretry:\ndata: x\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "x")])
        #expect(parser.reconnectionTime == .milliseconds(1500))
        _ = parser.parse(Array("retry: 0\n\n".utf8))
        #expect(parser.reconnectionTime == .zero)
    }

    @Test func theEndOfAStreamDropsAHalfReadEventAndKeepsTheLastEventID() {
        var parser = EventStreamParser()
        #expect(parser.parse(Array("id: 4\nretry: 20\ndata: done\n\nid: 5\ndata: half".utf8)).map(\.data) == ["done"])
        parser.endOfStream()
        #expect(parser.lastEventID == "4")
        #expect(parser.reconnectionTime == .milliseconds(20))
        // The next connection's stream may start with a byte order mark again; the half-read event, id and all, is
        // gone.
        #expect(parser.parse(Array("\u{FEFF}data: next\n\n".utf8)) == [ServerSentEvent(data: "next", id: "4")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var parser = EventStreamParser()
        let events = parser.parse([UInt8]("data: a".utf8) + [0xFF] + [UInt8]("b\n\n".utf8))
        #expect(events.map(\.data) == ["a\u{FFFD}b"])
    }

    @Test func aLineLongerThanTheBoundKeepsOnlyItsStart() {
        var parser = EventStreamParser()
        let long = [UInt8]("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: EventStreamParser.maxLineBytes)
        let events = parser.parse(long + [UInt8]("\n\ndata: next\n\n".utf8))
        #expect(events.map(\.data.count) == [EventStreamParser.maxLineBytes - "data: ".utf8.count, 4])
    }
}
