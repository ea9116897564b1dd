import Foundation
import NetworkCore
import ServerTestSupport
import Testing

@Suite struct EnvelopeFormatMocksTests {
    private func withDirectory(_ settings: String?, _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if let settings {
            try writeFile(settings, to: directory.appendingPathComponent("standin.json"))
        }
        try body(directory)
    }

    @Test func missingFileIsTheStandardFormat() throws {
        try withDirectory(nil) { directory throws in
            #expect(try EnvelopeFormat(contentsOfMocksDirectory: directory) == .standard)
        }
    }

    @Test func envelopeObjectIsRead() throws {
        let settings = #"""
            { "envelope": { "codeKey": "errcode", "dataKey": "result", "successMessage": "ok" },
              "headers": { "Access-Control-Allow-Origin": "*" } }
            """#
        try withDirectory(settings) { directory throws in
            let format = try EnvelopeFormat(contentsOfMocksDirectory: directory)
            #expect(format == EnvelopeFormat(codeKey: "errcode", dataKey: "result", successMessage: "ok"))
        }
    }

    @Test func fileWithoutEnvelopeIsTheStandardFormat() throws {
        try withDirectory(#"{ "headers": {} }"#) { directory throws in
            #expect(try EnvelopeFormat(contentsOfMocksDirectory: directory) == .standard)
        }
    }

    @Test func malformedFileThrows() throws {
        try withDirectory(#"{ "envelope": "#) { directory throws in
            #expect(throws: (any Error).self) { try EnvelopeFormat(contentsOfMocksDirectory: directory) }
        }
    }
}
