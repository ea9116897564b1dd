import Foundation
import NetworkCore
import Testing

@Suite struct EnvelopeFormatTests {
    @Test func missingKeysTakeTheStandardDefaults() throws {
        let format = try JSONDecoder().decode(
            EnvelopeFormat.self,
            from: Data(#"{"codeKey": "errcode", "successCode": 200}"#.utf8)
        )
        #expect(format.codeKey == "errcode")
        #expect(format.successCode == 200)
        #expect(format.messageKey == "message")
        #expect(format.dataKey == "data")
        #expect(format.requestIdKey == "request_id")
        #expect(format.successMessage == "success")
    }

    @Test func roundTripsThroughJSON() throws {
        let format = EnvelopeFormat(
            codeKey: "c",
            messageKey: "m",
            dataKey: "d",
            requestIdKey: "r",
            successCode: 1,
            successMessage: "ok"
        )
        let decoded = try JSONDecoder().decode(EnvelopeFormat.self, from: JSONEncoder().encode(format))
        #expect(decoded == format)
    }
}
