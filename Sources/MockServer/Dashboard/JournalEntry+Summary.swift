import StandInFixtures

extension JournalEntry {
    /// Appends what the dashboard's journal list shows of the entry, as compact JSON on one line:
    /// `{"id","method","path","query","status","fixture","variant","durationMs","timeMs","envelopeCode","fault",
    /// "outcome","events","clientLeftFirst","graphql"}` (`events`: an event stream's count, else null; `graphql`: the
    /// GraphQL operations' names joined with `, `, else null; `timeMs`: when the request arrived, in milliseconds since
    /// 1970, by which the page orders what it heard live and what it read) and then the members of the journal it
    /// comes from (`origin`). Written straight into `out` from the packed head, with no JSON
    /// tree or strings between: every request pays for it while a dashboard is open. The page asks the admin API for
    /// the rest when it opens an entry.
    func writeSummary(into out: inout [UInt8], origin: JournalFeed.Origin) {
        out.append(#"{"id":"#)
        out.appendDecimal(number)
        head.withFields { method, path, query in
            out.append(#","method":"#)
            Self.writeString(method, into: &out)
            out.append(#","path":"#)
            Self.writeString(path, into: &out)
            out.append(#","query":"#)
            if let query {
                Self.writeString(query, into: &out)
            } else {
                out.append("null")
            }
        }
        out.append(#","status":"#)
        out.appendDecimal(status)
        out.append(#","fixture":"#)
        Self.writeString(fixture, into: &out)
        out.append(#","variant":"#)
        Self.writeString(variant, into: &out)
        out.append(#","durationMs":"#)
        MillisecondsLiteral.append(duration, to: &out)
        out.append(#","timeMs":"#)
        out.appendDecimal(Int((time.timeIntervalSince1970 * 1000).rounded(.down)))
        out.append(#","envelopeCode":"#)
        if let code = answer.envelopeCode { out.appendDecimal(code) } else { out.append("null") }
        out.append(#","fault":"#)
        Self.writeString(answer.fault, into: &out)
        out.append(#","outcome":"#)
        Self.writeString(answer.outcome.rawValue, into: &out)
        out.append(#","events":"#)
        if let stream = answer.stream {
            out.appendDecimal(stream.eventsSent)
            out.append(stream.clientLeftFirst ? #","clientLeftFirst":true"# : #","clientLeftFirst":false"#)
        } else {
            out.append("null")
        }
        out.append(#","graphql":"#)
        Self.writeString(graphQLOperations?.map { $0.isEmpty ? "(anonymous)" : $0 }.joined(separator: ", "), into: &out)
        out.append(#","violations":"#)
        if let contract {
            out.appendDecimal(contract.requestViolations.count + contract.responseViolations.count)
        } else {
            out.append("null")
        }
        out.append(contentsOf: origin.members)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `text` as a JSON string, or `null`.
    private static func writeString(_ text: String?, into out: inout [UInt8]) {
        guard var text else { return out.append("null") }
        text.withUTF8 { writeString($0, into: &out) }
    }

    /// Appends UTF-8 `bytes` as a JSON string: as they are when they are plain ASCII (nearly always), else escaped,
    /// with any invalid UTF-8 replaced as `String(decoding:as:)` does.
    private static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if bytes.allSatisfy({ $0 < 0x80 }) && JSONWriter.needsNoEscaping(bytes) {
            out.append(contentsOf: bytes)
        } else {
            JSONWriter.appendEscaped(String(decoding: bytes, as: UTF8.self), into: &out)
        }
        out.append(UInt8(ascii: "\""))
    }
}
