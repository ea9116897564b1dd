import Foundation
import ServerTestSupport

extension ServeProcess {
    /// The HTTPS port it printed (`… and https://127.0.0.1:PORT`), if any.
    var tlsPort: Int? {
        (try? #/and https://127\.0\.0\.1:(\d+)/#.firstMatch(in: text)).flatMap { $0.flatMap { Int($0.output.1) } }
    }

    /// The proxy it printed (`…, proxy http://127.0.0.1:PORT`), if any, as a URL for curl's `-x`.
    var proxyURL: String? {
        (try? #/proxy (http://127\.0\.0\.1:\d+)/#.firstMatch(in: text)).flatMap { $0.map { String($0.output.1) } }
    }
}

/// Runs curl with `arguments`, quiet but for errors, taking no proxy from the environment (only `-x`), for at most a
/// minute.
func curl(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
    try await runToCompletion(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["curl", "-sS", "--noproxy", ""] + arguments,
        deadline: 60
    )
}
