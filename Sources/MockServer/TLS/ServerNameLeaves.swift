import StandInCA
import StandInEngine
import StandInSupport

/// The certificates a TLS port presents with StandIn's local CA: the server's own leaf for the names it was started
/// with, and for any other name a client sends by SNI a leaf issued the first time and kept for the server's life.
///
/// A name that is neither a DNS name nor an IP address gets the server's own leaf and no new certificate; past
/// `limit` names the server's own leaf too, so a client inventing names cannot make the server issue without end.
/// `context(forServerName:)` runs on a loop's thread during a handshake; issuing a leaf takes well under a
/// millisecond of that thread.
final class ServerNameLeaves: Sendable {
    /// The most names given a leaf of their own.
    static let limit = 1_000

    private let ca: LocalCA
    private let ownNames: Set<TLSName>
    private let resumption: Bool
    private let issued = Locked<[TLSName: TLSContext]>([:])

    init(ca: LocalCA, ownNames: [TLSName], resumption: Bool) {
        self.ca = ca
        self.ownNames = Set(ownNames)
        self.resumption = resumption
    }

    /// The context presenting a leaf for `serverName`, or nil to keep the server's own.
    func context(forServerName serverName: String) -> TLSContext? {
        guard let name = TLSName(serverName), !ownNames.contains(name) else { return nil }
        return issued.withLock { issued in
            if let context = issued[name] { return context }
            guard issued.count < Self.limit,
                let leaf = try? ca.issueLeaf(for: [name]),
                let context = try? TLSContext(
                    certificatePEM: leaf.certificatePEM,
                    keyPEM: leaf.privateKeyPEM,
                    resumption: resumption
                )
            else { return nil }
            issued[name] = context
            return context
        }
    }
}
