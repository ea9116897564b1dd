import Foundation
import Testing

/// The README's and docs/' Swift examples compile as written, imports included, against the modules this build
/// produced; the ones fenced with a test file's name are that test's code (the convention is in docs/development.md).
@Suite struct DocumentationSwiftTests {
    private static func examples(in file: String) throws -> [SwiftExample] {
        let text = try String(contentsOf: StandInBinary.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        return SwiftExample.examples(in: text, file: file)
    }

    /// Each page's blocks compile together, so that a type one block declares is there for the blocks after it.
    @Test(arguments: DocumentationExamplesTests.files) func swiftExamplesCompileAsWritten(file: String) async throws {
        let examples = try Self.examples(in: file)
        guard !examples.isEmpty else { return }
        let errors = try await SwiftExampleCompiler().errors(in: examples)
        #expect(errors.isEmpty, "\(file)'s Swift does not compile:\n\(errors.joined(separator: "\n"))")
    }

    /// A block fenced as ```swift Tests/Target/File.swift is in that file as written, so that the test runs what the
    /// page shows; the block's imports are the file's too.
    @Test(arguments: DocumentationExamplesTests.files) func examplesThatRunAreTheTestsCode(file: String) throws {
        for example in try Self.examples(in: file) {
            guard let path = example.runsIn else { continue }
            let source = try String(
                contentsOf: StandInBinary.repositoryRoot.appendingPathComponent(path),
                encoding: .utf8
            )
            let fileLines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let code = Array(example.lines.filter { !$0.hasPrefix("import ") }.drop { $0.isEmpty })
            let found = (0...max(0, fileLines.count - code.count)).contains { start in
                fileLines[start..<min(fileLines.count, start + code.count)].elementsEqual(code)
            }
            #expect(found, "\(example): \(path) does not hold the block as written (imports aside)")
            let missing = example.imports.filter { !fileLines.contains($0) }
            #expect(missing.isEmpty, "\(example): \(path) does not have \(missing.joined(separator: ", "))")
        }
    }

    @Test func aBlockOfDeclarationsIsALibraryFileAndStatementsAreAProgram() {
        let markdown = """
            ```swift
            import NetworkCore

            @Test func x() async throws {
                let y = 1
            }
            ```
            ```swift Tests/ClientServerTests/Example.swift
              let client = APIClient(baseURL: base)
              _ = client
            ```
            """
        let examples = SwiftExample.examples(in: markdown, file: "x.md")
        #expect(examples.map(\.isDeclarations) == [true, false])
        #expect(examples.map(\.line) == [2, 9])
        #expect(examples.map(\.runsIn) == [nil, "Tests/ClientServerTests/Example.swift"])
        #expect(examples[1].lines == ["let client = APIClient(baseURL: base)", "_ = client"])
        #expect(examples[0].source.hasPrefix("#sourceLocation(file: \"x.md\", line: 2)\nimport NetworkCore\n"))
    }

    @Test func errorsNameTheMarkdownFileAndLine() async throws {
        let markdown = "text\n```swift\nimport Foundation\n\nlet url: URL = 42\n```\n"
        let errors = try await SwiftExampleCompiler().errors(in: SwiftExample.examples(in: markdown, file: "x.md"))
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("x.md:5:") == true, "\(errors)")
    }
}
