import Testing

@testable import MockServer

@Suite struct AdminAccessTests {
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
        #expect(access.refusal(authorization: nil, peer: "127.0.0.1") == nil)
        let refusal = access.refusal(authorization: nil, peer: "10.0.0.2")
        #expect(refusal?.status == 403)
        #expect(refusal?.message.contains("10.0.0.2 is not one") == true)
        #expect(access.refusal(authorization: nil, peer: nil)?.status == 403)
    }

    @Test func withTokenEveryoneMustPresentIt() {
        let access = AdminAccess(token: "t0k")
        #expect(access.refusal(authorization: "Bearer t0k", peer: "10.0.0.2") == nil)
        #expect(access.refusal(authorization: nil, peer: "127.0.0.1")?.status == 401)
        #expect(access.refusal(authorization: "Bearer t0", peer: "127.0.0.1")?.status == 401)
        #expect(access.refusal(authorization: "t0k", peer: "127.0.0.1")?.status == 401)
    }
}
