import Foundation
import ServerTestSupport

/// Typechecks a page's Swift examples with `swiftc -typecheck` against the modules this test build produced
/// (NetworkCore, StandInFixtures, StandInClient and their dependencies), as an app that depends on the package would
/// compile them. Nothing is linked or run, so a page takes a second or two per `main.swift`.
struct SwiftExampleCompiler: Sendable {
    /// The build products' folder of module files, beside the test bundle (`Modules/`, or the products folder itself
    /// in builds that keep them there).
    static let modules: URL = {
        let products = StandInBinary.url.deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules")
        return FileManager.default.fileExists(atPath: modules.path) ? modules : products
    }()

    /// What a page's examples are checked against where the platform lacks a module they use: on Linux, XCTest has
    /// no UI testing, so an outline of the `XCUIApplication` members the docs use stands in for it.
    static let platformOutline: String? = {
        #if os(Linux)
        return """
            open class XCUIApplication {
                public var launchEnvironment: [String: String] = [:]
                public init() {}
                open func launch() {}
            }

            """
        #else
        return nil
        #endif
    }()

    /// The compiler's error messages for `examples` (one page's), each with the Markdown file and line it is about;
    /// empty when every block compiles. The declaration blocks are checked together as a library first; then each
    /// block with statements, as the `main.swift` of a program made of it and the declaration blocks.
    func errors(in examples: [SwiftExample]) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swift-examples-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var errors: [String] = []
        for (index, example) in examples.enumerated() {
            guard let version = example.manifestToolsVersion else { continue }
            let manifest = folder.appendingPathComponent("Manifest\(index)/Package.swift")
            try writeFile(example.source, to: manifest)
            errors += try await typecheck([manifest], manifestToolsVersion: version)
        }
        let examples = examples.filter { $0.manifestToolsVersion == nil }
        var library: [URL] = []
        for (index, example) in examples.enumerated() where example.isDeclarations {
            library.append(folder.appendingPathComponent("Declarations\(index).swift"))
            try writeFile(example.source, to: library[library.count - 1])
        }
        if let outline = Self.platformOutline {
            library.append(folder.appendingPathComponent("PlatformOutline.swift"))
            try writeFile(outline, to: library[library.count - 1])
        }
        let libraryErrors = try await typecheck(library, parseAsLibrary: true)
        guard libraryErrors.isEmpty else { return errors + libraryErrors }
        for (index, example) in examples.enumerated() where !example.isDeclarations {
            let program = folder.appendingPathComponent("Program\(index)")
            try FileManager.default.createDirectory(at: program, withIntermediateDirectories: true)
            let main = program.appendingPathComponent("main.swift")
            try writeFile(example.source, to: main)
            errors += try await typecheck([main] + library, parseAsLibrary: false)
        }
        return errors
    }

    /// Runs `swiftc -typecheck` on `files` and returns its errors, each with the notes that follow it. A package
    /// manifest (`manifestToolsVersion`) is checked against the toolchain's PackageDescription instead of the build's
    /// modules.
    private func typecheck(
        _ files: [URL],
        parseAsLibrary: Bool = false,
        manifestToolsVersion: String? = nil
    ) async throws -> [String] {
        guard !files.isEmpty else { return [] }
        var arguments = ["-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm"]
        if let manifestToolsVersion {
            arguments += ["-I", Self.manifestAPI.path, "-package-description-version", manifestToolsVersion]
        } else {
            arguments += ["-I", Self.modules.path]
        }
        if parseAsLibrary { arguments.append("-parse-as-library") }
        arguments += files.map(\.path)
        let (executable, prefix) = Self.compiler
        let result = try await runToCompletion(executable, prefix + arguments, deadline: 300)
        var errors: [String] = []
        for line in (result.output + result.error).split(separator: "\n") {
            if line.contains(": error: ") {
                errors.append(String(line))
            } else if line.contains(": note: "), !errors.isEmpty {
                errors[errors.count - 1] += "\n" + line
            }
        }
        if result.status != 0, errors.isEmpty {
            errors.append("swiftc exited with status \(result.status): \(result.error)")
        }
        return errors
    }

    /// The toolchain's PackageDescription module, which a `Package.swift` is compiled against: `lib/swift/pm/ManifestAPI`
    /// beside the compiler's `bin/`.
    private static let manifestAPI: URL = {
        #if canImport(Darwin)
        let toolchain = URL(fileURLWithPath: "/Library/Developer/CommandLineTools/usr")
        #else
        let toolchain = compiler.executable.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
        #endif
        return toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI")
    }()

    /// The compiler that built the tests: `swiftc` on the `PATH` (xcrun's on Apple platforms).
    private static let compiler: (executable: URL, arguments: [String]) = {
        #if canImport(Darwin)
        return (URL(fileURLWithPath: "/usr/bin/xcrun"), ["swiftc"])
        #else
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let found = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return (found ?? URL(fileURLWithPath: "/usr/bin/swiftc"), [])
        #endif
    }()
}
