import Crypto
import Foundation
import SwiftASN1
import X509

/// StandIn's own certificate authority: made on first use in its folder (`$STANDIN_HOME/ca`, default
/// `~/.standin/ca`) and the same across restarts, it issues the leaves the TLS ports present. Trust its
/// certificate (`certificatePEM`, `ca.pem` in the folder) once, and every leaf it issues is trusted.
///
/// The CA: P-256, ECDSA with SHA-256, CA:true with pathlen 0, key usage keyCertSign and cRLSign, a subject naming
/// StandIn and the machine, ten years. Its key never leaves the folder (mode 0600, the folder 0700).
public final class LocalCA: Sendable {
    /// How long the CA is valid.
    static let caLifetime: TimeInterval = 3_650 * 86_400
    /// How long a leaf is valid, counted from `backdating` before it is issued: within the 398 days Apple's
    /// platforms accept.
    static let leafLifetime: TimeInterval = 397 * 86_400
    /// How far before now a certificate's validity starts, so a device whose clock runs a little behind accepts it.
    static let backdating: TimeInterval = 86_400
    /// A stored leaf with less than this left is issued anew at start.
    static let leafRenewal: TimeInterval = 30 * 86_400

    /// The folder the CA lives in.
    public let folder: URL
    /// The CA's certificate, PEM: what a client or a device trusts.
    public let certificatePEM: String
    /// The CA's certificate, DER.
    public let certificateDER: [UInt8]
    private let certificate: Certificate
    private let key: P256.Signing.PrivateKey

    private init(folder: URL, certificate: Certificate, key: P256.Signing.PrivateKey) throws(LocalCAError) {
        self.folder = folder
        self.certificate = certificate
        self.key = key
        do {
            certificatePEM = try certificate.serializeAsPEM().pemString
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            certificateDER = serializer.serializedBytes
        } catch {
            throw .cannotIssue(reason: "\(error)")
        }
    }

    /// The folder `STANDIN_HOME` names in `environment` (else `~/.standin`), with `ca` appended.
    public static func standardFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        CAFolder.standard(environment: environment)
    }

    /// The CA in `folder`, made there first when the folder holds none. Throws, naming the file, when the key can be
    /// read by others, a file does not hold what it should, the CA has expired, or the folder cannot be written.
    public static func openOrCreate(in folder: URL, now: Date = Date()) throws(LocalCAError) -> LocalCA {
        let files = CAFolder(url: folder)
        return try files.withLock { () throws(LocalCAError) in
            switch (files.holds(files.caCertificate), files.holds(files.caKey)) {
            case (false, false): return try create(in: files, now: now)
            case (true, true): return try load(from: files, now: now)
            case (true, false):
                throw .cannotRead(path: files.caKey.path, reason: "there is no such file; run `standin ca regenerate`")
            case (false, true):
                throw .cannotRead(
                    path: files.caCertificate.path,
                    reason: "there is no such file; run `standin ca regenerate`"
                )
            }
        }
    }

    /// A new CA in `folder`, replacing the one there and the leaf it issued. Clients that trusted the old one must be
    /// given the new certificate.
    public static func regenerate(in folder: URL, now: Date = Date()) throws(LocalCAError) -> LocalCA {
        let files = CAFolder(url: folder)
        return try files.withLock { () throws(LocalCAError) in
            for file in [files.serverCertificate, files.serverKey, files.caCertificate, files.caKey] {
                try files.remove(file)
            }
            return try create(in: files, now: now)
        }
    }

    /// A new leaf for `names` (the first one is its common name), with a key of its own: P-256, ECDSA with SHA-256,
    /// the names as subject alternative names, extended key usage serverAuth, valid for 397 days from a day ago.
    public func issueLeaf(for names: [TLSName], now: Date = Date()) throws(LocalCAError) -> IssuedLeaf {
        precondition(!names.isEmpty, "a leaf names at least one host")
        let leafKey = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(leafKey.publicKey)
        let notBefore = now - Self.backdating
        do {
            let subject = try DistinguishedName {
                OrganizationName("StandIn")
                // X.520 bounds a common name at 64 characters; a longer name is in the SAN only.
                if names[0].description.count <= 64 { CommonName(names[0].description) }
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map(\.generalName))
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: certificate.publicKey).keyIdentifier)
            }
            let leaf = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: publicKey,
                notValidBefore: notBefore,
                notValidAfter: notBefore + Self.leafLifetime,
                issuer: certificate.subject,
                subject: subject,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(key)
            )
            return IssuedLeaf(
                certificatePEM: try leaf.serializeAsPEM().pemString,
                privateKeyPEM: leafKey.pemRepresentation,
                names: names,
                notValidAfter: leaf.notValidAfter
            )
        } catch {
            throw .cannotIssue(reason: "\(error)")
        }
    }

    /// The leaf a server presents for `names`, kept in the folder (`server.pem`, `server-key.pem`) across restarts
    /// and issued anew when it was not issued by this CA, does not name every one of `names`, or has less than 30
    /// days left.
    public func serverLeaf(for names: [TLSName], now: Date = Date()) throws(LocalCAError) -> IssuedLeaf {
        let files = CAFolder(url: folder)
        return try files.withLock { () throws(LocalCAError) in
            if let stored = try storedLeaf(in: files, covering: names, now: now) { return stored }
            let leaf = try issueLeaf(for: names, now: now)
            try files.store(leaf.privateKeyPEM, to: files.serverKey)
            try files.store(leaf.certificatePEM, to: files.serverCertificate)
            return leaf
        }
    }

    /// The stored server leaf when it can still be used for `names`; nil when there is none or it must be renewed.
    private func storedLeaf(
        in files: CAFolder,
        covering names: [TLSName],
        now: Date
    ) throws(LocalCAError)
        -> IssuedLeaf?
    {
        guard files.holds(files.serverCertificate), files.holds(files.serverKey) else { return nil }
        let certificatePEM = try files.read(files.serverCertificate)
        let keyPEM = try files.readPrivate(files.serverKey)
        guard let leaf = try? Certificate(pemEncoded: certificatePEM),
            let leafKey = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM),
            Certificate.PublicKey(leafKey.publicKey) == leaf.publicKey,
            certificate.publicKey.isValidSignature(leaf.signature, for: leaf),
            leaf.notValidBefore <= now, leaf.notValidAfter.timeIntervalSince(now) >= Self.leafRenewal,
            let alternativeNames = try? leaf.extensions.subjectAlternativeNames,
            names.allSatisfy({ alternativeNames.contains($0.generalName) })
        else { return nil }
        return IssuedLeaf(
            certificatePEM: certificatePEM,
            privateKeyPEM: keyPEM,
            names: names,
            notValidAfter: leaf.notValidAfter
        )
    }

    private static func create(in files: CAFolder, now: Date) throws(LocalCAError) -> LocalCA {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let notBefore = now - backdating
        let certificate: Certificate
        do {
            let name = try DistinguishedName {
                OrganizationName("StandIn")
                CommonName("StandIn local CA (\(machineName))")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            }
            certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: publicKey,
                notValidBefore: notBefore,
                notValidAfter: notBefore + caLifetime,
                issuer: name,
                subject: name,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(key)
            )
        } catch {
            throw .cannotIssue(reason: "\(error)")
        }
        let ca = try LocalCA(folder: files.url, certificate: certificate, key: key)
        try files.store(key.pemRepresentation, to: files.caKey)
        try files.store(ca.certificatePEM, to: files.caCertificate)
        return ca
    }

    private static func load(from files: CAFolder, now: Date) throws(LocalCAError) -> LocalCA {
        let keyPEM = try files.readPrivate(files.caKey)
        let certificatePEM = try files.read(files.caCertificate)
        guard let certificate = try? Certificate(pemEncoded: certificatePEM) else {
            throw .malformed(path: files.caCertificate.path, reason: "not a PEM certificate")
        }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM) else {
            throw .malformed(path: files.caKey.path, reason: "not a PEM P-256 private key")
        }
        guard Certificate.PublicKey(key.publicKey) == certificate.publicKey else {
            throw .malformed(path: files.caKey.path, reason: "it is not the key of \(files.caCertificate.path)")
        }
        guard certificate.notValidAfter > now else {
            throw .malformed(
                path: files.caCertificate.path,
                reason: "it expired on \(certificate.notValidAfter); run `standin ca regenerate`"
            )
        }
        return try LocalCA(folder: files.url, certificate: certificate, key: key)
    }

    /// The machine's host name: in the CA's subject, so a user who trusts CAs of several machines can tell them
    /// apart, and in the leaf of a server listening on every address.
    public static var machineName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this machine" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A certificate the local CA issued, with its private key.
public struct IssuedLeaf: Sendable {
    /// The leaf, PEM.
    public let certificatePEM: String
    /// Its private key, PEM (PKCS #8).
    public let privateKeyPEM: String
    /// The names it was asked for (a stored leaf may name more).
    public let names: [TLSName]
    /// When it expires.
    public let notValidAfter: Date
}
