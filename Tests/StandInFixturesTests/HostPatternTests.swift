import StandInFixtures
import Testing

@Suite struct HostPatternTests {
    @Test func anExactHostMatchesItselfInAnyCaseOnAnyPort() throws {
        let host = try #require(HostPattern("API.Example.com"))
        #expect(host.description == "api.example.com")
        #expect(host.matches("api.example.com"))
        #expect(host.matches("API.EXAMPLE.COM"))
        #expect(host.matches("api.example.com:443"))
        #expect(!host.matches("example.com"))
        #expect(!host.matches("v2.api.example.com"))
        #expect(!host.matches("api.example.co"))
        #expect(!host.matches("api.example.com.evil"))
        #expect(!host.matches(""))
    }

    @Test func aWildcardMatchesSubdomainsAtAnyDepthButNotTheApex() throws {
        let host = try #require(HostPattern("*.Example.com"))
        #expect(host.description == "*.example.com")
        #expect(host.matches("api.example.com"))
        #expect(host.matches("a.b.c.EXAMPLE.com:8443"))
        #expect(!host.matches("example.com"))
        #expect(!host.matches(".example.com"))
        #expect(!host.matches("notexample.com"))
        #expect(!host.matches("api.example.com.evil"))
    }

    @Test func anIPAddressIsAnExactHost() throws {
        let host = try #require(HostPattern("127.0.0.1"))
        #expect(host.matches("127.0.0.1:8080"))
        #expect(!host.matches("127.0.0.2"))
    }

    @Test func patternsAreEqualWhateverTheirCase() {
        #expect(HostPattern("API.example.com") == HostPattern("api.example.com"))
        #expect(HostPattern("*.example.com") != HostPattern("example.com"))
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("https://api.example.com", "it has a scheme; write the host alone"),
        ("api example.com", "it has a space"),
        ("api.example.com/v1", #"it has a path; match the path with "path""#),
        ("api.example.com:443", "it has a port; a host is matched on every port"),
        ("*", "* may only start it, as in *.example.com"),
        ("api.*.com", "* may only start it, as in *.example.com"),
        ("*.*.example.com", "* may only start it, as in *.example.com"),
        ("api*.example.com", "* may only start it, as in *.example.com"),
        ("*.", "it has an empty label (two dots, or a dot at an end)"),
        ("api..example.com", "it has an empty label (two dots, or a dot at an end)"),
        (".example.com", "it has an empty label (two dots, or a dot at an end)"),
        ("example.com.", "it has an empty label (two dots, or a dot at an end)"),
        (String(repeating: "a", count: 64) + ".com", #"label "aaaaaaaaaaaaaaaaaaaa"… is longer than 63 characters"#),
        (Array(repeating: "abcdefghi", count: 26).joined(separator: "."), "it is longer than 253 characters"),
        ("bücher.de", #""ü" is not allowed in a host name"#),
        ("api%2e.example.com", #""%" is not allowed in a host name"#),
    ])
    func aTextThatIsNotAHostSaysWhy(text: String, reason: String) {
        #expect(HostPattern.problem(text) == reason)
        #expect(HostPattern(text) == nil)
    }

    @Test(arguments: ["api.example.com", "*.example.com", "localhost", "my_host-1.internal", "10.0.0.1"])
    func aHostNameHasNoProblem(text: String) {
        #expect(HostPattern.problem(text) == nil)
        #expect(HostPattern(text)?.description == text)
    }
}
