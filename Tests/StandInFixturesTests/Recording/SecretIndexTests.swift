import Testing

@testable import StandInFixtures

/// Replacing many remembered secrets in one pass gives what replacing them one by one gave, in steps that grow with
/// the text alone.
struct SecretIndexTests {
    @Test func theLongestSecretAtEachPlaceIsReplaced() {
        let secrets = ["abcd", "abcdefgh", "zz", "é-token"]
        let text = "x abcdefgh y abcd zzz é-token abc"
        #expect(
            Redactor.replace(secrets, in: text)
                == "x <redacted> y <redacted> <redacted>z <redacted> abc"
        )
        #expect(Redactor.replace(secrets, in: Array(text.utf8)) == Array(Redactor.replace(secrets, in: text).utf8))
    }

    @Test func aThousandSecretsAreAllFound() {
        let secrets = (0..<1000).map { "secret-\($0)-value" }
        let text = secrets.reversed().joined(separator: " ")
        let replaced = Redactor.replace(secrets, in: text)
        #expect(replaced == Array(repeating: "<redacted>", count: 1000).joined(separator: " "))
        let index = SecretIndex(secrets)
        let (inText, inPrefixOfNone) = (
            index.occurs(in: "a secret-999-value here".utf8), index.occurs(in: "secret-1000-valu".utf8)
        )
        #expect(inText)
        #expect(!inPrefixOfNone)
    }

    @Test func textWithoutSecretsIsReturnedAsItWas() {
        #expect(Redactor.replace(["token-1234"], in: "nothing here") == "nothing here")
        #expect(Redactor.replace([], in: [1, 2, 3]) == [1, 2, 3])
    }

    /// The search a backend could make quadratic: a thousand secrets that share their first sixteen bytes, and a
    /// mebibyte of text that repeats those bytes. The steps stay within four per byte.
    @Test func secretsSharingAPrefixCostStepsInProportionToTheTextAlone() {
        let prefix = String(repeating: "ab", count: 8)
        let index = SecretIndex((0..<1000).map { prefix + String(1000 + $0) })
        let text = (0..<(1 << 20)).map { $0 % 2 == 0 ? UInt8(ascii: "a") : UInt8(ascii: "b") }
        var found = 0
        let steps = index.forEachMatch(in: text) { _ in
            found += 1
            return true
        }
        #expect(found == 0)
        #expect(steps <= 4 * text.count + 2 * 4096, "\(steps) steps for \(text.count) bytes")
    }

    /// Secrets longer than a block, matches across block ends, and secrets inside secrets: every text is replaced as
    /// a search for the longest secret at each place, place by place, replaces it.
    @Test func theAutomatonFindsWhatASearchAtEachPlaceFinds() {
        var random = SeededGenerator(seed: 28)
        for round in 0..<150 {
            let alphabet = Array("abc".utf8)
            let secrets = (0..<Int(random.next() % 12 + 1)).map { _ in
                let length = round % 10 == 0 ? Int(random.next() % 6000) + 1 : Int(random.next() % 6) + 1
                return String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % 3)] }, as: UTF8.self)
            }
            let length = round % 10 == 0 ? 9000 : Int(random.next() % 200)
            let text = (0..<length).map { _ in alphabet[Int(random.next() % 3)] }
            let expected = Self.replacedPlaceByPlace(secrets.map { Array($0.utf8) }, in: text)
            #expect(Redactor.replace(secrets, in: text) == expected, "round \(round): \(secrets)")
        }
    }

    /// The reference: at each place, the longest secret that starts there, else the byte itself.
    private static func replacedPlaceByPlace(_ secrets: [[UInt8]], in text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            let length = secrets.filter { !$0.isEmpty && text[index...].starts(with: $0) }.map(\.count).max()
            if let length {
                result += Array(Redactor.placeholder.utf8)
                index += length
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }
}
