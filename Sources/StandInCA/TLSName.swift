import Foundation
import SwiftASN1
import X509

/// A name a certificate is issued for: a DNS name (`localhost`, `api.example.com`) or an IP address (`127.0.0.1`,
/// `::1`). Anything else — an SNI name with a space, an empty label, a label over 63 characters — is not a name, so
/// a hostile client cannot have a certificate made for it.
public struct TLSName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written in the certificate: a DNS name in lower case, or an address in its usual text form.
    public let description: String
    /// The address bytes (4 or 16) for an IP address; nil for a DNS name.
    let addressBytes: [UInt8]?

    /// The name `text` stands for, or nil when it is neither a DNS name nor an IP address.
    public init?(_ text: String) {
        if let bytes = Self.addressBytes(of: text) {
            description = text
            addressBytes = bytes
        } else if Self.isDNSName(text) {
            description = text.lowercased()
            addressBytes = nil
        } else {
            return nil
        }
    }

    /// The subject alternative name the certificate carries for it.
    var generalName: GeneralName {
        guard let addressBytes else { return .dnsName(description) }
        return .ipAddress(ASN1OctetString(contentBytes: addressBytes[...]))
    }

    /// Letters, digits and hyphens in labels of 1...63 characters that neither start nor end with a hyphen, at most
    /// 253 characters in all (RFC 1123); a trailing dot is not part of a name a client sends.
    private static func isDNSName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...253).contains(bytes.count) else { return false }
        return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else { return false }
            return label.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
        }
    }

    /// The bytes of an IPv4 or IPv6 address written as text, or nil.
    private static func addressBytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
