/// The version `standin --version` prints; the one place it is written.
enum Version {
    static let current = "0.3.0"
}
