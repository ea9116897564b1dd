import Foundation
import NetworkCore
import NetworkTestSupport
import ServerTestSupport
import StandInSocket
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recorder's plain-HTTP transport against hand-written responses: framing, interim answers and bounds.
@Suite struct SocketTransportTests {
    private func get(
        _ upstream: RawUpstream,
        _ path: String,
        transport: SocketTransport = SocketTransport(),
        timeout: Duration = .seconds(20)
    )
        async throws -> TransportResponse
    {
        try await get(port: upstream.port, path, transport: transport, timeout: timeout)
    }

    private func get(
        port: Int,
        _ path: String,
        transport: SocketTransport = SocketTransport(),
        timeout: Duration = .seconds(20)
    )
        async throws -> TransportResponse
    {
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(port)", path: path)
        return try await transport.send(TransportRequest(head: head, timeout: timeout))
    }

    @Test func skipsInterimAnswersAndReadsABodyWithoutLengthToTheClose() async throws {
        let upstream = try RawUpstream(responses: [
            "/interim": Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nX-A: 1\r\n\r\nto the end".utf8)
        ])
        defer { upstream.stop() }
        let answer = try await get(upstream, "/interim")
        #expect(answer.head.status.code == 201)
        #expect(answer.head.headerFields[HTTPField.Name("X-A")!] == "1")
        #expect(String(decoding: answer.body, as: UTF8.self) == "to the end")
        #expect(!answer.isBodyDecompressed)
    }

    /// The length the head names comes before the body (what the recorder holds answers in flight by), then the
    /// bytes as they arrive.
    @Test func reportsTheBodysProgressStartingWithTheLengthItsHeadNames() async throws {
        let upstream = try RawUpstream(responses: [
            "/sized": Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".utf8)
        ])
        defer { upstream.stop() }
        let seen = Recorder<TransferProgress>()
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(upstream.port)", path: "/sized")
        let request = TransportRequest(head: head, timeout: .seconds(20), onProgress: seen.append)
        let answer = try await SocketTransport().send(request)
        #expect(String(decoding: answer.body, as: UTF8.self) == "hello")
        #expect(seen.values.first == TransferProgress(direction: .download, completedBytes: 0, totalBytes: 5))
        #expect(seen.values.last == TransferProgress(direction: .download, completedBytes: 5, totalBytes: 5))
    }

    @Test func callsPastTheConcurrencyBoundWaitTheirTurnAndAllComplete() async throws {
        let upstream = try RawUpstream(responses: [
            "/one": Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none".utf8)
        ])
        defer { upstream.stop() }
        let transport = SocketTransport(maxConcurrentCalls: 1)
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    String(decoding: try await get(upstream, "/one", transport: transport).body, as: UTF8.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: "one", count: 5))
    }

    @Test func aCallsTimeoutCountsFromItsTurnNotFromItsWait() async throws {
        let silent = try listenOnLoopback()
        defer { close(silent.descriptor) }
        let upstream = try RawUpstream(responses: [
            "/one": Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none".utf8)
        ])
        defer { upstream.stop() }
        let transport = SocketTransport(maxConcurrentCalls: 1)
        // The calls' jobs on a thread of their own (the stalled call is a child task, so its jobs too): tests busy
        // on the shared threads elsewhere in the suite cannot hold them up past their timeouts.
        try await onOwnExecutor {
            async let stalled = get(port: silent.port, "/", transport: transport, timeout: .seconds(6))
            // The stalled call holds the only turn once its connection is waiting on the silent listener. Waited for
            // on a thread of its own: the stalled call needs the executor's thread to get there.
            let connected = await onOwnThread { [descriptor = silent.descriptor] in
                var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                return poll(&pending, 1, 60_000) > 0 && pending.revents & Int16(POLLIN) != 0
            }
            #expect(connected, "the stalled call never connected")
            let waiting = try await get(upstream, "/one", transport: transport, timeout: .seconds(3))
            #expect(String(decoding: waiting.body, as: UTF8.self) == "one")
            do {
                _ = try await stalled
                Issue.record("the silent listener answered")
            } catch TransportError.timedOut {
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func refusesABodyPastItsBound() async throws {
        let upstream = try RawUpstream(responses: [
            "/big": Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n".utf8) + Array(repeating: 0x61, count: 100)
        ])
        defer { upstream.stop() }
        await #expect(throws: (any Error).self) {
            _ = try await get(upstream, "/big", transport: SocketTransport(maxBodyBytes: 10))
        }
    }

    @Test func aChunkSizePastAnyBodyIsATransportErrorNotACrash() async throws {
        let upstream = try RawUpstream(responses: [
            "/huge": Array(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n7fffffffffffffff\r\nabc".utf8
            )
        ])
        defer { upstream.stop() }
        let reason = await refusal(of: upstream, "/huge")
        #expect(reason?.contains("larger than") == true, "\(reason ?? "answered")")
    }

    /// Framing that RFC 9112 does not allow, or that would keep a reader going without end, each refused with a
    /// transport error: the peer's numbers are read strictly and every part of the answer is bounded.
    @Test(arguments: [
        ("chunk size +3", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+3\r\nabc\r\n0\r\n\r\n"),
        ("chunk size after a space", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n 3\r\nabc\r\n0\r\n\r\n"),
        ("chunk size past Int", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\nabc"),
        ("Content-Length +3", "HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc"),
        (
            "endless interim answers",
            String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 200)
                + "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
        ),
        (
            "endless trailers",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n"
                + String(repeating: "X-Trailer: 1\r\n", count: 200) + "\r\n"
        ),
    ])
    func framingAPeerGetsWrongIsATransportError(_ name: String, _ response: String) async throws {
        let upstream = try RawUpstream(responses: ["/framed": Array(response.utf8)])
        defer { upstream.stop() }
        let reason = await refusal(of: upstream, "/framed", transport: SocketTransport(maxHeadBytes: 1024))
        #expect(reason != nil, "\(name) was read as an answer")
    }

    /// Why `path` got no answer: the description of the cause of the transport error; nil when it was answered.
    private func refusal(
        of upstream: RawUpstream,
        _ path: String,
        transport: SocketTransport = SocketTransport()
    ) async -> String? {
        do {
            _ = try await get(upstream, path, transport: transport)
            return nil
        } catch TransportError.other(let underlying) {
            return "\(underlying)"
        } catch {
            Issue.record("not a transport error with its cause: \(error)")
            return "\(error)"
        }
    }

    @Test func nothingListeningIsCannotConnect() async throws {
        let refusing = try refusingLoopbackPort()
        defer { close(refusing.descriptor) }
        do {
            _ = try await get(port: refusing.port, "/")
            Issue.record("a closed port answered")
        } catch TransportError.cannotConnect {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
