import Foundation
import StandInFixtures

extension AdminAPI {
    /// The longest session name accepted, in bytes of UTF-8: a name is kept for the session's life and written into
    /// every dashboard event of its requests.
    static let maxSessionNameBytes = 200

    /// `POST /__standin/sessions` with `{"name"?: "...", "ttl"?: "10m"}` (or no body): 201 with the new session's
    /// `id` and `baseURL` (and `tlsBaseURL` on a server with an HTTPS port, `proxyURL` on one with a proxy). `host` is the call's `Host` header, for the base URL.
    func startSession(_ body: [UInt8], host: String?) throws(AdminError) -> AdminReply {
        var name: String?
        var ttl = SessionTTL.standard
        let example = #"{"name": "checkout test", "ttl": "10m"}"#
        if !body.isEmpty {
            let node = try Self.parseObject(body, example: example)
            guard case .object(let members) = node.value else { preconditionFailure("parseObject checked it") }
            for member in members {
                switch (member.key, member.value.value) {
                case ("name", .string(let text)):
                    guard text.utf8.count <= Self.maxSessionNameBytes else {
                        throw AdminError(
                            status: 400,
                            message: "name is \(text.utf8.count) bytes of UTF-8, longer than the "
                                + "\(Self.maxSessionNameBytes) a session name may take; shorten it"
                        )
                    }
                    name = text
                case ("ttl", .string(let text)):
                    do {
                        ttl = try SessionTTL.parse(text)
                    } catch {
                        throw AdminError(status: 400, message: error.description)
                    }
                case ("name", _), ("ttl", _):
                    throw AdminError(
                        status: 400,
                        message: "\(member.key) must be a string, not \(member.value.typeName)"
                    )
                default:
                    throw AdminError(
                        status: 400,
                        message: "unknown field \(member.key.debugDescription); a session takes name and ttl, like "
                            + example
                    )
                }
            }
        }
        let session = try context.startSession(name: name, ttl: ttl, on: server)
        var reply = AdminReply(
            status: 201,
            json: AdminJSON.object(
                [
                    ("id", AdminJSON.string(session.id.description)),
                    ("baseURL", AdminJSON.string(baseURL(of: session, host: host))),
                ] + tlsBaseURL(of: session, host: host) + proxyURL(of: session, host: host)
            )
        )
        reply.headers.append(("Location", Self.pathPrefix + "sessions/" + session.id.description))
        return reply
    }

    /// `GET /__standin/sessions`: every live session with its name, how many requests it journaled and when it
    /// expires unless used.
    func listSessions(host: String?) -> AdminReply {
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let sessions = context.sessions.all.map { session in
            AdminJSON.object(
                [
                    ("id", AdminJSON.string(session.id.description)),
                    ("name", AdminJSON.string(session.name)),
                    ("baseURL", AdminJSON.string(baseURL(of: session, host: host))),
                ] + tlsBaseURL(of: session, host: host) + proxyURL(of: session, host: host) + [
                    ("requests", AdminJSON.int(session.state.journal?.lastNumber ?? 0)),
                    ("expiresAt", AdminJSON.string(format.format(session.lease.expiresAt))),
                ]
            )
        }
        return AdminReply(status: 200, json: AdminJSON.array(sessions))
    }

    /// `http://HOST:PORT` of the session's port, with the host the caller reached the server by (its `Host`
    /// header), else the host the server listens on.
    private func baseURL(of session: Session, host: String?) -> String {
        "http://\(hostName(host)):\(session.port.port)"
    }

    /// `tlsBaseURL`, `https://HOST:PORT` of the session's HTTPS port, when it has one.
    private func tlsBaseURL(of session: Session, host: String?) -> [(String, JSONNode)] {
        guard let port = session.port.tlsPort else { return [] }
        return [("tlsBaseURL", AdminJSON.string("https://\(hostName(host)):\(port)"))]
    }

    /// `proxyURL`, `http://HOST:PORT` of the session's proxy, when the server has a proxy.
    private func proxyURL(of session: Session, host: String?) -> [(String, JSONNode)] {
        guard let port = session.port.proxyPort else { return [] }
        return [("proxyURL", AdminJSON.string("http://\(hostName(host)):\(port)"))]
    }

    /// The host the caller reached the server by (its `Host` header), else the host the server listens on.
    private func hostName(_ host: String?) -> String {
        let listening = context.sessionHost.contains(":") ? "[\(context.sessionHost)]" : context.sessionHost
        return host.flatMap(Authority.init(hostHeader:))?.name ?? listening
    }

    /// `DELETE /__standin/sessions/{id}`: ends the session and frees its state.
    func endSession(id: String) throws(AdminError) -> AdminReply {
        guard let key = SessionID(id), context.sessions.end(key) != nil else { throw .unknownSession(id) }
        return AdminReply(status: 200, json: AdminJSON.object([("ended", AdminJSON.string(id))]))
    }
}
