import ArgumentParser
import Foundation

/// The backend URL an option names; a validation error unless it is an http or https URL with a host.
func upstreamURL(_ text: String, option: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
        url.host?.isEmpty == false
    else { throw ValidationError("\(option) must be an http or https URL, like https://api.example.com.") }
    return url
}
