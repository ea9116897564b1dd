import Testing

@testable import StandInFixtures

/// Replacing many remembered secrets in one pass gives what replacing them one by one gave.
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
        #expect(Redactor.holdsSecret("a secret-999-value here", secrets))
        #expect(!Redactor.holdsSecret("secret-1000-valu", secrets))
    }

    @Test func textWithoutSecretsIsReturnedAsItWas() {
        #expect(Redactor.replace(["token-1234"], in: "nothing here") == "nothing here")
        #expect(Redactor.replace([], in: [1, 2, 3]) == [1, 2, 3])
    }
}
