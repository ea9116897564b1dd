import Foundation
import ServerTestSupport
import Testing

@Suite struct MatchingTests {
    @Test func literalPathBeatsTemplate() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let response = try await fetch(base, "/users/me")
            #expect(try (response.json()["data"] as? [String: Any])?["name"] as? String == "Grace")
        }
    }

    @Test func priorityLetsARegexBeatATemplate() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let data = try await fetch(base, "/users/vip-7").json()["data"] as? [String: Any]
            #expect(data?["id"] as? String == "vip-7")
            #expect(data?["vip"] as? Bool == true)
        }
    }

    @Test func methodSelectsTheFixture() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/users/9", method: "DELETE").status == 204)
            #expect(try await fetch(base, "/users/9", method: "PATCH").status == 405)
        }
    }

    @Test func anyMethodMatchesEveryMethod() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            for method in ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
                let response = try await fetch(base, "/anything", method: method, headers: ["X-Echo": method])
                #expect(response.text == method)
            }
        }
    }

    @Test func queryMatchersPickTheMoreSpecificFixture() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/search?q=swift&page=2").text == #"{"results":["swift"],"page":"2"}"#)
            #expect(try await fetch(base, "/search?q=swift&page=two").text == #"{"results":[]}"#)
            #expect(try await fetch(base, "/search").text == #"{"results":[]}"#)
        }
    }

    @Test func queryValuesArePercentDecoded() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/search?q=sw%69ft&page=1").text == #"{"results":["swift"],"page":"1"}"#)
        }
    }

    @Test func headerMatchersPrefixContainsAndAbsence() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let good = ["Authorization": "Bearer t0k", "X-Client": "app-ios-17"]
            #expect(try await fetch(base, "/secure", headers: good).text == "welcome Bearer t0k")
            var debug = good
            debug["X-Debug"] = "1"
            #expect(try await fetch(base, "/secure", headers: debug).status == 404)
            #expect(
                try await fetch(base, "/secure", headers: ["Authorization": "Basic x", "X-Client": "ios"]).status == 404
            )
            #expect(
                try await fetch(base, "/secure", headers: ["Authorization": "Bearer t", "X-Client": "android"]).status
                    == 404
            )
        }
    }

    @Test func headerNamesAreCaseInsensitive() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/locale", headers: ["accept-language": "fr"]).text == "bonjour")
            #expect(try await fetch(base, "/locale", headers: ["Accept-Language": "de"]).status == 404)
        }
    }

    @Test func jsonSubsetBodyMatcher() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let body = Data(#"{"item":{"sku":"A1","color":"red"},"qty":3}"#.utf8)
            let response = try await fetch(base, "/orders", method: "POST", body: body)
            #expect(response.status == 201)
            #expect(try (response.json()["data"] as? [String: Any])?["sku"] as? String == "A1")
            let other = Data(#"{"item":{"sku":"B2"}}"#.utf8)
            #expect(try await fetch(base, "/orders", method: "POST", body: other).status == 404)
            #expect(try await fetch(base, "/orders", method: "POST", body: Data("not json".utf8)).status == 404)
        }
    }

    @Test func equalsJSONBodyMatcherIgnoresKeyOrderAndSpacing() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            let same = Data(#"{ "size": 2.0, "dark": true }"#.utf8)
            #expect(try await fetch(base, "/settings", method: "PUT", body: same).text == "saved")
            let more = Data(#"{"size":2,"dark":true,"extra":1}"#.utf8)
            #expect(try await fetch(base, "/settings", method: "PUT", body: more).status == 404)
        }
    }

    @Test func textBodyMatchers() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(
                try await fetch(base, "/notes", method: "POST", body: Data("very urgent".utf8)).text
                    == "flagged: very urgent"
            )
            #expect(try await fetch(base, "/notes", method: "POST", body: Data("later".utf8)).status == 404)
            #expect(try await fetch(base, "/codes", method: "POST", body: Data("ABC-12".utf8)).text == "valid")
            #expect(try await fetch(base, "/codes", method: "POST", body: Data("abc-12".utf8)).status == 404)
            #expect(try await fetch(base, "/exact", method: "POST", body: Data("ping".utf8)).text == "pong")
            #expect(try await fetch(base, "/exact", method: "POST", body: Data("ping!".utf8)).status == 404)
        }
    }

    @Test func percentEncodedPathMatchesTheDecodedFixturePath() async throws {
        try await withServer(mocks: testMocks) { base async throws in
            #expect(try await fetch(base, "/users/m%65").json()["data"] != nil)
            let data = try await fetch(base, "/users/a%20b").json()["data"] as? [String: Any]
            #expect(data?["id"] as? String == "a b")
        }
    }
}
