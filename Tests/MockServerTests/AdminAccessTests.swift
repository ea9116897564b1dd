import Testing

@testable import MockServer

@Suite struct AdminAccessTests {
    /// A call as `curl` on this machine sends it.
    private func local(
        _ method: String = "GET",
        path: String = "/__standin/requests",
        peer: String? = "127.0.0.1",
        host: String? = "127.0.0.1:8080",
        origin: String? = nil,
        contentType: String? = nil,
        hasBody: Bool = true,
        authorization: String? = nil
    ) -> AdminAccess.Caller {
        AdminAccess.Caller(
            peer: peer,
            method: method,
            path: path,
            authorization: authorization,
            host: host,
            origin: origin,
            contentType: contentType,
            hasBody: hasBody
        )
    }

    @Test func loopbackAddressesAreRecognized() {
        for address in ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"] {
            #expect(AdminAccess.isLoopback(address), "\(address)")
        }
        for address in ["10.0.0.2", "192.168.1.20", "::ffff:10.0.0.1", "fe80::1", "1127.0.0.1"] {
            #expect(!AdminAccess.isLoopback(address), "\(address)")
        }
    }

    @Test func withoutTokenOnlyLoopbackIsAllowed() {
        let access = AdminAccess(token: nil)
        #expect(access.refusal(local()) == nil)
        let refusal = access.refusal(local(peer: "10.0.0.2"))
        #expect(refusal?.status == 403)
        #expect(refusal?.message.contains("10.0.0.2 is not one") == true)
        #expect(access.refusal(local(peer: nil))?.status == 403)
    }

    @Test func withoutTokenOnlyLocalHostNamesAreAllowed() {
        let access = AdminAccess(token: nil, listenHost: "devbox.lan")
        for host in [
            "localhost", "localhost:8080", "127.0.0.1:1", "[::1]:8080", "[::1]", "LOCALHOST:9", "devbox.lan:80",
        ] {
            #expect(access.refusal(local(host: host)) == nil, "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "", "::1"] {
            #expect(access.refusal(local(host: host))?.status == 403, "\(host)")
        }
        #expect(access.refusal(local(host: nil))?.status == 403)
        #expect(access.refusal(local(path: "/__standin/health", host: "x", origin: "null")) == nil)
        #expect(access.refusal(local(path: "/__standin/health", peer: "10.0.0.2", host: "x"))?.status == 403)
        #expect(access.refusal(local(host: "evil.example"))?.message.contains("Host: evil.example is not one") == true)
    }

    @Test func withoutTokenOnlyTheServersOwnOriginIsAllowed() {
        let access = AdminAccess(token: nil)
        for origin in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"] {
            #expect(access.refusal(local(origin: origin)) == nil, "\(origin)")
        }
        for origin in ["https://evil.example", "http://evil.example:8080", "http://localhost:3000", "null", "file://"] {
            #expect(access.refusal(local(origin: origin))?.status == 403, "\(origin)")
        }
        #expect(access.refusal(local(origin: "null"))?.message.contains("other origins") == true)
    }

    @Test func withoutTokenWritesMustSayJSON() {
        let access = AdminAccess(token: nil)
        for method in ["POST", "PUT"] {
            #expect(access.refusal(local(method, contentType: "application/json")) == nil)
            #expect(access.refusal(local(method, contentType: "Application/JSON; charset=utf-8")) == nil)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonx"]
            {
                #expect(access.refusal(local(method, contentType: type))?.status == 403, "\(method) \(type)")
            }
            #expect(access.refusal(local(method))?.message.contains("Content-Type: application/json") == true)
        }
        #expect(access.refusal(local("DELETE")) == nil)
        #expect(access.refusal(local("GET")) == nil)
    }

    @Test func withoutTokenABodilessWriteNeedsNoContentType() {
        let access = AdminAccess(token: nil)
        for method in ["POST", "PUT"] {
            #expect(access.refusal(local(method, hasBody: false)) == nil, "\(method)")
            #expect(access.refusal(local(method, contentType: "application/json", hasBody: false)) == nil)
            #expect(access.refusal(local(method, contentType: "text/plain", hasBody: false))?.status == 403)
            #expect(access.refusal(local(method, origin: "https://evil.example", hasBody: false))?.status == 403)
            #expect(access.refusal(local(method, host: "evil.example", hasBody: false))?.status == 403)
        }
    }

    @Test func withTokenEveryoneMustPresentIt() {
        let access = AdminAccess(token: "t0k")
        #expect(access.refusal(local(peer: "10.0.0.2", host: "api.example", authorization: "Bearer t0k")) == nil)
        #expect(access.refusal(local())?.status == 401)
        #expect(access.refusal(local(authorization: "Bearer t0"))?.status == 401)
        #expect(access.refusal(local(authorization: "t0k"))?.status == 401)
    }
}
