import StandInFixtures

/// How a dialect tells an integer from other numbers, as the reference validators (Python's
/// `openapi-schema-validator`) do.
enum IntegerRule: Sendable {
    /// OpenAPI 3.0 (JSON Schema draft 4's rule): a number written without a fraction or an exponent; `3` is an
    /// integer, `3.0` and `3e2` are not.
    case asWritten
    /// OpenAPI 3.1 (JSON Schema 2020-12's rule): any number whose value is whole; `3`, `3.0` and `3e2` are integers.
    case byValue

    /// Whether the number literal `literal` is an integer under this rule.
    func accepts(_ literal: String) -> Bool {
        if Self.isWrittenAsInteger(literal) { return true }
        switch self {
        case .asWritten: return false
        case .byValue: return JSONDecimal(literal: literal)?.isIntegral ?? false
        }
    }

    /// Whether a literal has no fraction and no exponent (what Python reads as an `int`).
    static func isWrittenAsInteger(_ literal: String) -> Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}
