/// The dashboard's page, script and style sheet, compiled into the binary: nothing is fetched from anywhere else.
enum DashboardAssets {
    /// One file the dashboard serves.
    struct Asset: Sendable {
        let contentType: String
        let bytes: [UInt8]
    }

    /// The file served at `/__standin/ROUTE`, if ROUTE is one of the dashboard's.
    static func asset(route: Substring) -> Asset? {
        switch route {
        case "ui": page
        case "ui/app.js": script
        case "ui/app.css": style
        default: nil
        }
    }

    /// Everything the page loads, and every call it makes, stays on the server's own origin.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private static let page = Asset(contentType: "text/html; charset=utf-8", bytes: Array(DashboardPage.html.utf8))
    /// `app.js` beside this file, whose bytes SwiftPM writes into the module at build time (`.embedInCode`).
    private static let script = Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.app_js)
    private static let style = Asset(contentType: "text/css; charset=utf-8", bytes: Array(DashboardStyle.css.utf8))
}
