import StandInFixtures
import Testing

@Suite struct FixtureNamerTests {
    private let digest = "0123456789abcdef" + String(repeating: "0", count: 48)

    private func name(_ path: String, method: String = "GET", details: Bool = false) -> String {
        FixtureNamer.relativePath(method: method, path: path, matchDigest: digest, hasDetails: details)
    }

    @Test func namesReadablyFromMethodAndPath() {
        #expect(name("/users/42") == "users/GET-users-42.json")
        #expect(name("/orders", method: "POST") == "POST-orders.json")
        #expect(name("/") == "GET-root.json")
        #expect(name("/api/v1/users/me") == "api/GET-api-v1-users-me.json")
    }

    @Test func addsAShortHashWhenMoreThanThePathIsMatched() {
        #expect(name("/search", details: true) == "GET-search-01234567.json")
    }

    @Test func pathsThatCouldEscapeBecomeSafeNamesWithAHash() {
        for path in [
            "/../../etc/passwd", "/a/../../b", "//etc/passwd", "/C:\\Windows", "/\u{0}/x", "/line\nbreak",
            "/../.ssh/id_rsa", "/%2e%2e/x", "/ü/ñ",
        ] {
            let result = name(path)
            #expect(!result.hasPrefix("/"), "\(path) -> \(result)")
            #expect(
                !result.split(separator: "/").contains {
                    $0 == ".." || $0 == "." || $0.hasPrefix(".") || $0.hasPrefix("_")
                },
                "\(path) -> \(result)"
            )
            #expect(result.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0 != "\\" && $0 != ":" })
            #expect(result.split(separator: "/").count <= 2)
            #expect(result.hasSuffix("-01234567.json"), "\(path) -> \(result)")
        }
    }

    @Test func foldersNeverStartWithADotOrUnderscore() {
        #expect(name("/_files/x") == "files/GET-_files-x.json")
        #expect(name("/.git/config") == "git/GET-.git-config.json")
    }

    @Test func longPathsAreCut() {
        let result = name("/" + String(repeating: "segment/", count: 40))
        #expect(result.count < 120)
        #expect(result.hasSuffix("-01234567.json"))
    }

    @Test func aLongFirstSegmentMakesAFolderNameFileSystemsAccept() {
        let result = name("/" + String(repeating: "a", count: 300) + "/x")
        #expect(result.split(separator: "/").allSatisfy { $0.utf8.count <= 100 }, "\(result)")
        #expect(result.hasSuffix("-01234567.json"))
    }
}
