/// The `cors` settings of `standin.json`: what a browser may call, answered to its preflight `OPTIONS` requests and
/// announced by `Access-Control-Allow-Origin` on every response.
public struct CORSPolicy: Sendable, Equatable {
    /// The origin browsers may call from: `*`, or one origin such as `http://localhost:3000`.
    public var allowOrigin: String
    /// The methods a preflight allows.
    public var allowMethods: [String]
    /// The request headers a preflight allows; nil allows whatever the browser asks for.
    public var allowHeaders: [String]?
    /// Whether browsers may send cookies and credentials.
    public var allowCredentials: Bool
    /// How many seconds a browser may cache a preflight answer; nil leaves it to the browser.
    public var maxAge: Int?

    /// The methods allowed when `allowMethods` is not set.
    public static let defaultMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// Creates a policy; the defaults allow any origin, the common methods and any request header.
    public init(
        allowOrigin: String = "*",
        allowMethods: [String] = defaultMethods,
        allowHeaders: [String]? = nil,
        allowCredentials: Bool = false,
        maxAge: Int? = nil
    ) {
        self.allowOrigin = allowOrigin
        self.allowMethods = allowMethods
        self.allowHeaders = allowHeaders
        self.allowCredentials = allowCredentials
        self.maxAge = maxAge
    }

    /// The headers every response carries under this policy.
    public var responseHeaders: [(name: String, value: String)] {
        var headers = [(name: "Access-Control-Allow-Origin", value: allowOrigin)]
        if allowCredentials { headers.append(("Access-Control-Allow-Credentials", "true")) }
        return headers
    }

    /// Whether a request is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
    public static func isPreflight<Request: IncomingRequest>(_ request: Request) -> Bool {
        request.method == "OPTIONS" && request.header(named: "Origin") != nil
            && request.header(named: "Access-Control-Request-Method") != nil
    }

    /// The `Access-Control-Allow-*` headers that answer a preflight, besides `responseHeaders`; `requestedHeaders`
    /// is the preflight's `Access-Control-Request-Headers`, allowed as asked when `allowHeaders` is nil.
    public func preflightHeaders(requestedHeaders: String?) -> [(name: String, value: String)] {
        var headers = [(name: "Access-Control-Allow-Methods", value: allowMethods.joined(separator: ", "))]
        if let allowed = allowHeaders.map({ $0.joined(separator: ", ") }) ?? requestedHeaders, !allowed.isEmpty {
            headers.append(("Access-Control-Allow-Headers", allowed))
        }
        if let maxAge { headers.append(("Access-Control-Max-Age", String(maxAge))) }
        return headers
    }
}

extension CORSPolicy {
    /// Reads the `cors` object of `standin.json`.
    init(parsing object: ObjectReader) throws(FixtureError) {
        try object.requireKnownKeys(["allowOrigin", "allowMethods", "allowHeaders", "allowCredentials", "maxAge"])
        self.init()
        if let (origin, line) = try object.string("allowOrigin") {
            try HeaderSyntax.validate(name: "Access-Control-Allow-Origin", value: origin, line: line)
            allowOrigin = origin
        }
        if let methods = try Self.tokens(object, "allowMethods") { allowMethods = methods.map { $0.uppercased() } }
        if let member = object.member("allowHeaders"), member.value.stringValue != "*" {
            allowHeaders = try Self.tokens(object, "allowHeaders")
        }
        allowCredentials = try object.bool("allowCredentials") ?? false
        maxAge = try object.int("maxAge", in: 0...86_400)
        if allowCredentials, allowOrigin == "*", let member = object.member("allowCredentials") {
            throw FixtureError(
                "\(object.name(of: "allowCredentials")) needs one origin in allowOrigin: browsers refuse \"*\" with credentials",
                line: member.keyLine
            )
        }
    }

    /// A list of header names or methods: strings that are HTTP tokens.
    private static func tokens(_ object: ObjectReader, _ key: String) throws(FixtureError) -> [String]? {
        guard let member = object.member(key) else { return nil }
        guard case .array(let elements) = member.value.value else {
            throw FixtureError("\(object.name(of: key)) must be a list of strings", line: member.keyLine)
        }
        var tokens: [String] = []
        for element in elements {
            guard let token = element.stringValue else {
                throw FixtureError("\(object.name(of: key)) must be a list of strings", line: element.line)
            }
            try HeaderSyntax.validate(name: token, value: "", line: element.line)
            tokens.append(token)
        }
        return tokens
    }
}
