import Foundation
import ServerTestSupport

/// The OpenAPI specs the import tests read: the project's own `Tests/Interop/openapi/features.yaml`, and public
/// specs that `scripts/setup-interop.sh` fetches into `.build/openapi-specs` (not kept in git; docs/import.md names
/// their sources and licences).
enum OpenAPISpecs {
    /// The folder the set-up script fetches the public specs into.
    static let fetched = StandInBinary.repositoryRoot.appendingPathComponent(".build/openapi-specs")

    /// The spec written for the tests, one operation per schema feature.
    static let features = StandInBinary.repositoryRoot.appendingPathComponent("Tests/Interop/openapi/features.yaml")

    /// Whether this run is CI's, where the specs and the validator must be there: the tests run and fail without.
    static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the public specs were fetched (or this is CI, where a missing spec fails the test).
    static func publicSpecsAreThere() -> Bool {
        inCI || FileManager.default.fileExists(atPath: fetched.appendingPathComponent(".complete").path)
    }

    /// Whether Python can validate the served bodies with openapi-schema-validator and PyYAML (or this is CI, where
    /// their absence fails the test), found off the test threads.
    static func canValidate() async -> Bool {
        await onOwnThread { inCI || PythonBackend.canImport("openapi_schema_validator", "yaml") }
    }
}
