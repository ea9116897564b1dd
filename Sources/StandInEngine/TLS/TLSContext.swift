import CLibevent
import Foundation

/// What a TLS port says in its handshakes: a certificate chain and its key, TLS 1.2 and 1.3 with ECDHE key exchange
/// and AEAD ciphers only, ALPN `http/1.1`, and session resumption (a server-side cache and tickets, OpenSSL's
/// defaults) unless it is turned off. Each connection of the port gets an `SSL` of its own from it (`makeConnection`). A context may pick
/// another context by the client's SNI name (`forServerName`), so one port presents a certificate per host name.
///
/// Ownership: it owns the `SSL_CTX` and frees it in `deinit`; each `SSL` holds a reference to it of its own, so a
/// connection outliving the port is safe. Threads: any; OpenSSL locks the context itself. The SNI callback runs on
/// the loop thread of the handshake; `deinit` clears it before freeing (a context is released once its server's
/// loops have stopped, so no handshake is running then).
package final class TLSContext: @unchecked Sendable {
    // @unchecked Sendable: the context is set up in `init` and only read after; OpenSSL makes that safe across threads.
    private let context: OpaquePointer
    /// The context to present instead, by the client's SNI name; nil keeps this one.
    private let forServerName: (@Sendable (String) -> TLSContext?)?
    /// Whether a client may resume a session (cache and tickets); without, every connection makes a full handshake.
    private let resumption: Bool

    /// The TLS 1.2 suites offered: ECDHE key exchange, AEAD ciphers. (TLS 1.3's are all of that kind.)
    private static let tls12Ciphers = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    /// A context serving the PEM certificate chain in `certificateFile` (the leaf first) with the PEM private key in
    /// `keyFile`. Throws a sentence naming the file when one cannot be read or the key does not match the certificate.
    /// Without `resumption`, every connection makes a full handshake: no session cache, no tickets.
    package convenience init(
        certificateFile: String,
        keyFile: String,
        resumption: Bool = true,
        forServerName: (@Sendable (String) -> TLSContext?)? = nil
    ) throws(ServerError) {
        try self.init(resumption: resumption, forServerName: forServerName)
        for file in [certificateFile, keyFile] where !FileManager.default.isReadableFile(atPath: file) {
            let reason = FileManager.default.fileExists(atPath: file) ? "it is not readable" : "there is no such file"
            throw .tls("cannot read \(file): \(reason)")
        }
        // The key first: a certificate loaded after a key of another drops that key, which the check then names;
        // the other way round, loading the key fails with OpenSSL's less telling words.
        guard SSL_CTX_use_PrivateKey_file(context, keyFile, SSL_FILETYPE_PEM) == 1 else {
            throw .tls("\(keyFile) holds no PEM private key StandIn can use: \(Self.openSSLError())")
        }
        guard SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1 else {
            throw .tls("\(certificateFile) holds no PEM certificate StandIn can use: \(Self.openSSLError())")
        }
        try checkKey(matches: "the key in \(keyFile) does not match the certificate in \(certificateFile)")
        try finishSetUp()
    }

    /// A context serving the PEM certificate `certificatePEM` with the PEM private key `keyPEM`, both in memory (a
    /// leaf the local CA issued).
    package convenience init(
        certificatePEM: String,
        keyPEM: String,
        resumption: Bool = true,
        forServerName: (@Sendable (String) -> TLSContext?)? = nil
    ) throws(ServerError) {
        try self.init(resumption: resumption, forServerName: forServerName)
        let key = try Self.readPEM(keyPEM, what: "private key") { PEM_read_bio_PrivateKey($0, nil, nil, nil) }
        defer { EVP_PKEY_free(key) }
        let certificate = try Self.readPEM(certificatePEM, what: "certificate") { PEM_read_bio_X509($0, nil, nil, nil) }
        defer { X509_free(certificate) }
        guard SSL_CTX_use_PrivateKey(context, key) == 1, SSL_CTX_use_certificate(context, certificate) == 1 else {
            throw .tls("OpenSSL refused the certificate or its key: \(Self.openSSLError())")
        }
        try checkKey(matches: "the key does not match the certificate")
        try finishSetUp()
    }

    deinit {
        standin_tls_on_server_name(context, nil, nil)
        SSL_CTX_free(context)
    }

    /// A new `SSL` for an accepted connection, owned by the caller (a bufferevent made with `BEV_OPT_CLOSE_ON_FREE`
    /// frees it); nil when OpenSSL is out of memory.
    func makeConnection() -> OpaquePointer? {
        SSL_new(context)
    }

    /// An empty server context; the convenience initializers give it its certificate and key, then `finishSetUp`.
    private init(resumption: Bool, forServerName: (@Sendable (String) -> TLSContext?)?) throws(ServerError) {
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw .tls("OpenSSL could not make a TLS context") }
        self.context = context
        self.resumption = resumption
        self.forServerName = forServerName
    }

    private func checkKey(matches failure: String) throws(ServerError) {
        guard SSL_CTX_check_private_key(context) == 1 else {
            ERR_clear_error()
            throw .tls(failure)
        }
    }

    /// Versions, suites, ALPN, resumption and the SNI callback: the same for every context, so a connection that
    /// changes context by its SNI name keeps what it was offered.
    private func finishSetUp() throws(ServerError) {
        guard standin_tls_require_tls12(context) == 1, SSL_CTX_set_cipher_list(context, Self.tls12Ciphers) == 1 else {
            throw .tls("OpenSSL refused the TLS versions or suites: \(Self.openSSLError())")
        }
        SSL_CTX_set_alpn_select_cb(context, standin_tls_select_http11, nil)
        if resumption {
            // Resumption from the server-side cache needs a context id; tickets need nothing more.
            let id: [UInt8] = Array("standin".utf8)
            SSL_CTX_set_session_id_context(context, id, UInt32(id.count))
        } else {
            standin_tls_disable_resumption(context)
        }
        if forServerName != nil {
            standin_tls_on_server_name(context, Self.serverNameReceived, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// OpenSSL's SNI callback: hands the connection to the context chosen for the client's name, if any.
    private static let serverNameReceived: standin_tls_server_name_callback = { ssl, _, argument in
        guard let ssl, let argument, let name = standin_tls_server_name(ssl) else { return SSL_TLSEXT_ERR_OK }
        let server = Unmanaged<TLSContext>.fromOpaque(argument).takeUnretainedValue()
        if let chosen = server.forServerName?(String(cString: name)), chosen !== server {
            SSL_set_SSL_CTX(ssl, chosen.context)
        }
        return SSL_TLSEXT_ERR_OK
    }

    /// The one object a PEM text holds, read by `read` from a memory BIO; throws naming `what` when there is none.
    private static func readPEM(
        _ text: String,
        what: String,
        read: (OpaquePointer?) -> OpaquePointer?
    ) throws(ServerError) -> OpaquePointer {
        let bytes = Array(text.utf8)
        let object = bytes.withUnsafeBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return read(bio)
        }
        guard let object else { throw .tls("no PEM \(what) StandIn can use: \(openSSLError())") }
        return object
    }

    /// OpenSSL's last error on this thread, as a sentence, and the thread's error queue emptied.
    private static func openSSLError() -> String {
        let code = ERR_get_error()
        defer { ERR_clear_error() }
        guard code != 0 else { return "no reason given" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
