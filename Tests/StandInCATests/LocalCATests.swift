import Foundation
import ServerTestSupport
import StandInCA
import Testing

/// The local CA and its leaves, read back with the `openssl` command line: the fields Apple's platforms check, the
/// folder's modes, and what survives a restart.
@Suite struct LocalCATests {
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "standin-ca-\(UUID().uuidString)/ca")
    }

    @Test func theCAIsAP256SHA256RootForTenYearsThatSignsCertificatesOnly() async throws {
        defer { cleanUp() }
        let ca = try LocalCA.openOrCreate(in: folder)
        let text = try await describe(ca.certificatePEM)
        #expect(text.contains("ASN1 OID: prime256v1"), "\(text)")
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"), "\(text)")
        #expect(text.contains("X509v3 Basic Constraints: critical\n                CA:TRUE, pathlen:0"), "\(text)")
        #expect(text.contains("X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign"), "\(text)")
        #expect(text.contains("Subject: O = StandIn, CN = StandIn local CA ("), "\(text)")
        let days = try await validityDays(ca.certificatePEM)
        #expect((3_649...3_651).contains(days), "\(days) days")
    }

    @Test func aLeafNamesItsHostsForServerAuthForAtMost398DaysAndVerifiesAgainstTheCA() async throws {
        defer { cleanUp() }
        let ca = try LocalCA.openOrCreate(in: folder)
        let names = try ["localhost", "127.0.0.1", "::1", "api.example.test"].map { try #require(TLSName($0)) }
        let leaf = try ca.issueLeaf(for: names)
        let text = try await describe(leaf.certificatePEM)
        #expect(
            text.contains("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:api.example.test"),
            "\(text)"
        )
        #expect(text.contains("X509v3 Extended Key Usage: \n                TLS Web Server Authentication"), "\(text)")
        #expect(text.contains("CA:FALSE"), "\(text)")
        #expect(text.contains("ASN1 OID: prime256v1"), "\(text)")
        #expect(text.contains("Signature Algorithm: ecdsa-with-SHA256"), "\(text)")
        #expect(text.contains("Issuer: O = StandIn, CN = StandIn local CA ("), "\(text)")
        let days = try await validityDays(leaf.certificatePEM)
        #expect(days <= 398, "\(days) days")
        let caFile = folder.appending(path: "ca.pem").path
        let leafFile = try write(leaf.certificatePEM, named: "leaf.pem")
        let verified = try await runToCompletion(Self.openssl, ["verify", "-CAfile", caFile, leafFile])
        #expect(verified.output.contains("\(leafFile): OK"), "\(verified.output) \(verified.error)")
    }

    @Test func theSameCAAndServerLeafComeBackUntilTheLeafNeedsRenewing() throws {
        defer { cleanUp() }
        let names = try ["localhost", "127.0.0.1"].map { try #require(TLSName($0)) }
        let first = try LocalCA.openOrCreate(in: folder)
        let leaf = try first.serverLeaf(for: names)
        let again = try LocalCA.openOrCreate(in: folder)
        #expect(again.certificatePEM == first.certificatePEM)
        #expect(try again.serverLeaf(for: names).certificatePEM == leaf.certificatePEM)
        // A name the stored leaf lacks: a new leaf, naming it.
        let wider = try again.serverLeaf(for: names + [try #require(TLSName("api.test"))])
        #expect(wider.certificatePEM != leaf.certificatePEM)
        // 29 days before it expires: renewed; 31 days before: kept.
        let kept = try again.serverLeaf(for: names, now: wider.notValidAfter - 31 * 86_400)
        #expect(kept.certificatePEM == wider.certificatePEM)
        let renewed = try again.serverLeaf(for: names, now: wider.notValidAfter - 29 * 86_400)
        #expect(renewed.certificatePEM != wider.certificatePEM)
        #expect(renewed.notValidAfter > wider.notValidAfter)
        // Regenerating replaces the CA, and the stored leaf with it.
        let regenerated = try LocalCA.regenerate(in: folder)
        #expect(regenerated.certificatePEM != first.certificatePEM)
        #expect(try regenerated.serverLeaf(for: names).certificatePEM != renewed.certificatePEM)
    }

    @Test func theFolderIsTheOwnersAloneAndAKeyOthersCanReadIsRefused() throws {
        defer { cleanUp() }
        _ = try LocalCA.openOrCreate(in: folder)
        #expect(try mode(of: folder.path) == 0o700)
        let key = folder.appending(path: "ca-key.pem").path
        #expect(try mode(of: key) == 0o600)
        #expect(try mode(of: folder.appending(path: "ca.pem").path) == 0o600)
        chmod(key, 0o644)
        #expect(throws: LocalCAError.keyOpenToOthers(path: key, mode: 0o644)) { try LocalCA.openOrCreate(in: folder) }
        let message = LocalCAError.keyOpenToOthers(path: key, mode: 0o644).description
        #expect(message.contains("the CA key \(key) can be read by others (mode 644)"), "\(message)")
    }

    @Test func aFolderWithACertificateButNoKeySaysWhichFileIsMissing() throws {
        defer { cleanUp() }
        _ = try LocalCA.openOrCreate(in: folder)
        let key = folder.appending(path: "ca-key.pem")
        try FileManager.default.removeItem(at: key)
        #expect(throws: LocalCAError.self) { try LocalCA.openOrCreate(in: folder) }
        do {
            _ = try LocalCA.openOrCreate(in: folder)
        } catch {
            #expect(error.description.contains("cannot read \(key.path): there is no such file"), "\(error)")
        }
    }

    @Test(arguments: ["localhost", "api.example.com", "a-b.c", "127.0.0.1", "::1", "fe80::1"])
    func namesAreDNSNamesOrAddresses(_ text: String) {
        #expect(TLSName(text) != nil)
    }

    @Test(arguments: ["", "a b", "-lead.example", "trail-.example", "a..b", "x/y", String(repeating: "a", count: 64)])
    func otherTextIsNoName(_ text: String) {
        #expect(TLSName(text) == nil)
    }

    @Test func theAppleProfileHoldsTheCAsCertificateAsARootAndIsTheSameTwice() throws {
        defer { cleanUp() }
        let ca = try LocalCA.openOrCreate(in: folder)
        let profile = try AppleConfigurationProfile.profile(for: ca)
        #expect(try AppleConfigurationProfile.profile(for: ca) == profile)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: profile, format: nil) as? [String: Any]
        )
        #expect(plist["PayloadType"] as? String == "Configuration")
        let payloads = try #require(plist["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1)
        #expect(payloads[0]["PayloadType"] as? String == "com.apple.security.root")
        #expect((payloads[0]["PayloadContent"] as? Data).map(Array.init) == ca.certificateDER)
    }

    private func cleanUp() {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    private func write(_ text: String, named name: String) throws -> String {
        let file = folder.deletingLastPathComponent().appending(path: name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// `openssl x509 -text` of a PEM certificate.
    private func describe(_ pem: String) async throws -> String {
        let file = try write(pem, named: "described-\(UUID().uuidString).pem")
        let result = try await runToCompletion(Self.openssl, ["x509", "-in", file, "-noout", "-text"])
        return result.output
    }

    /// The days between a certificate's notBefore and notAfter, as `openssl x509 -dates` prints them.
    private func validityDays(_ pem: String) async throws -> Int {
        let file = try write(pem, named: "dated-\(UUID().uuidString).pem")
        let result = try await runToCompletion(
            Self.openssl,
            ["x509", "-in", file, "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601"]
        )
        let dates = result.output.split(separator: "\n").compactMap { line -> Date? in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let text = line[line.index(after: equals)...].replacingOccurrences(of: " ", with: "T")
            return ISO8601DateFormatter().date(from: text)
        }
        try #require(dates.count == 2, "\(result.output)")
        return Int((dates[1].timeIntervalSince(dates[0]) / 86_400).rounded())
    }

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }
}
