import Foundation

/// A change every request gets before middleware runs, such as a `User-Agent` or `Accept-Language` header.
///
/// ```swift
/// let client = APIClient(baseURL: base, modifiers: [
///     .userAgent("Shop/2.1 (iOS)"),
///     .header(.acceptLanguage) { Locale.current.identifier(.bcp47) },
/// ])
/// ```
public protocol RequestModifier: Sendable {
    /// Changes the request in place.
    func modify(_ request: inout ClientRequest) async throws
}

/// Sets one header field on requests that do not already have it (an endpoint's own header wins).
public struct HeaderModifier: RequestModifier {
    /// The field's name.
    public let name: HTTPField.Name
    private let value: @Sendable () -> String?

    /// Creates a modifier whose value is read for every request; `nil` leaves the request alone.
    public init(_ name: HTTPField.Name, value: @escaping @Sendable () -> String?) {
        self.name = name
        self.value = value
    }

    /// Sets the field unless the request already has one of that name.
    public func modify(_ request: inout ClientRequest) async throws {
        guard request.head.headerFields[name] == nil, let value = value() else { return }
        request.head.headerFields[name] = value
    }
}

extension RequestModifier where Self == HeaderModifier {
    /// A fixed header field.
    public static func header(_ name: HTTPField.Name, _ value: String) -> HeaderModifier {
        HeaderModifier(name) { value }
    }

    /// A header field whose value is read for every request (the current locale, a session id).
    public static func header(_ name: HTTPField.Name, value: @escaping @Sendable () -> String?) -> HeaderModifier {
        HeaderModifier(name, value: value)
    }

    /// A `User-Agent` header.
    public static func userAgent(_ value: String) -> HeaderModifier {
        HeaderModifier(.userAgent) { value }
    }

    /// An `Accept-Language` header with a locale's BCP 47 identifier (`en-US`), read for every request.
    public static func acceptLanguage(_ locale: @escaping @Sendable () -> Locale = { Locale.current }) -> HeaderModifier
    {
        HeaderModifier(.acceptLanguage) { locale().identifier(.bcp47) }
    }
}
