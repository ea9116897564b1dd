import Crypto
import Foundation

/// An Apple configuration profile (`.mobileconfig`) holding the CA's certificate as a trusted root, for a physical
/// device: opened in Safari it installs under Settings › General › VPN & Device Management, after which the user
/// enables full trust under Settings › General › About › Certificate Trust Settings.
///
/// Its identifiers are derived from the certificate, so downloading it twice gives the same profile, and a device
/// replaces the profile of a regenerated CA rather than keeping both under one name.
public enum AppleConfigurationProfile {
    /// The profile for `ca`, as the XML property list a device reads.
    public static func profile(for ca: LocalCA) throws -> Data {
        let digest = Array(SHA256.hash(data: ca.certificateDER))
        let fingerprint = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        let certificatePayload: [String: Any] = [
            "PayloadType": "com.apple.security.root",
            "PayloadVersion": 1,
            "PayloadIdentifier": "dev.standin.ca.\(fingerprint).certificate",
            "PayloadUUID": uuid(from: digest, variant: 1),
            "PayloadDisplayName": "StandIn local CA",
            "PayloadCertificateFileName": "standin-ca.cer",
            "PayloadContent": Data(ca.certificateDER),
        ]
        let profile: [String: Any] = [
            "PayloadType": "Configuration",
            "PayloadVersion": 1,
            "PayloadIdentifier": "dev.standin.ca.\(fingerprint)",
            "PayloadUUID": uuid(from: digest, variant: 2),
            "PayloadDisplayName": "StandIn local CA",
            "PayloadDescription": "Trusts the certificates of the StandIn mock server on your development machine.",
            "PayloadOrganization": "StandIn",
            "PayloadRemovalDisallowed": false,
            "PayloadContent": [certificatePayload],
        ]
        return try PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0)
    }

    /// A UUID made from sixteen bytes of `digest` starting at `variant`, so each payload has one of its own.
    private static func uuid(from digest: [UInt8], variant: Int) -> String {
        var bytes = Array(digest[variant..<(variant + 16)])
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        )
        return uuid.uuidString
    }
}
