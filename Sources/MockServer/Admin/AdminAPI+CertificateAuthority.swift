import StandInCA

extension AdminAPI {
    /// The forms the local CA's certificate is served in.
    enum CertificateForm {
        /// `GET /__standin/ca.pem`: the certificate, PEM, for a client's trust store.
        case pem
        /// `GET /__standin/ca.mobileconfig`: an Apple configuration profile holding it, for a physical device.
        case appleProfile
    }

    /// The local CA's certificate in `form`; 404 on a server whose TLS port presents the user's own certificate or
    /// that has no TLS port.
    func certificateAuthority(_ form: CertificateForm) throws(AdminError) -> AdminReply {
        guard let ca = context.localCA else {
            throw AdminError(
                status: 404,
                message: "this server has no local CA: start it with --tls-port and without --tls-cert to serve "
                    + "HTTPS with StandIn's CA (`standin ca path` prints where its certificate is)"
            )
        }
        switch form {
        case .pem:
            return AdminReply(status: 200, contentType: "application/x-pem-file", bytes: Array(ca.certificatePEM.utf8))
        case .appleProfile:
            do {
                let profile = try AppleConfigurationProfile.profile(for: ca)
                var reply = AdminReply(
                    status: 200,
                    contentType: "application/x-apple-aspen-config",
                    bytes: Array(profile)
                )
                reply.headers.append(("Content-Disposition", #"attachment; filename="standin-ca.mobileconfig""#))
                return reply
            } catch {
                throw AdminError(status: 500, message: "could not write the configuration profile: \(error)")
            }
        }
    }
}
