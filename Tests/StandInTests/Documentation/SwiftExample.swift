/// Swift shown in a ```swift block of the README or docs/, as a reader would paste it.
///
/// The convention (docs/development.md): every block compiles as written, its imports included. A block of
/// declarations only (imports, types, functions, extensions, `@Test` functions) is a file of its own; a block with
/// statements at the top level is a `main.swift`, which sees the declarations of the blocks of the same page. A block
/// fenced as ```swift Tests/Target/File.swift also runs: that test file holds the block as written, imports aside. A
/// block that begins with `// swift-tools-version:` is a `Package.swift`, checked on its own against PackageDescription.
struct SwiftExample: Sendable, CustomStringConvertible {
    /// The Markdown file, relative to the repository root.
    let file: String
    /// The line, in that file, of the block's first line of code.
    let line: Int
    /// The block's code, without the indentation of a block inside a list item.
    let lines: [Substring]
    /// The test file, relative to the repository root, that runs the block; nil when it is only compiled.
    let runsIn: String?

    var description: String { "\(file):\(line)" }

    /// The words that begin a declaration at the top level of a Swift file.
    private static let declarationWords: Set<Substring> = [
        "import", "struct", "enum", "class", "final", "actor", "protocol", "extension", "func", "typealias",
        "public", "package", "internal", "fileprivate", "private", "#if", "#elseif", "#else", "#endif",
    ]

    /// Whether the block is declarations only, so that it can be a file beside others: every line at the top level
    /// (not indented) begins a declaration, an attribute (`@Test`, `@Suite`), a comment or a closing bracket.
    var isDeclarations: Bool {
        lines.allSatisfy { line in
            guard let first = line.first, first != " " else { return true }
            if first == "@" || first == "}" || first == ")" || first == "]" || line.hasPrefix("//") { return true }
            let word = line.prefix { $0 != " " && $0 != "(" }
            return Self.declarationWords.contains(word)
        }
    }

    /// The `swift-tools-version` of a block that is a package manifest (`Package.swift`), else nil.
    var manifestToolsVersion: String? {
        guard let first = lines.first, first.hasPrefix("// swift-tools-version:") else { return nil }
        return String(first.dropFirst("// swift-tools-version:".count))
    }

    /// The block's code, with a directive first so that the compiler names the Markdown file and its lines.
    var source: String {
        "#sourceLocation(file: \"\(file)\", line: \(line))\n" + lines.joined(separator: "\n") + "\n"
    }

    /// The block's `import` lines.
    var imports: [Substring] { lines.filter { $0.hasPrefix("import ") } }

    /// The Swift examples of one Markdown text, in order.
    static func examples(in markdown: String, file: String) -> [SwiftExample] {
        FencedBlock.blocks(in: markdown).filter { $0.info.first == "swift" }.map { block in
            let indent =
                block.lines.filter { !$0.allSatisfy(\.isWhitespace) }
                .map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let runsIn = block.info.dropFirst().first { $0.hasSuffix(".swift") }.map(String.init)
            return SwiftExample(
                file: file,
                line: block.firstLine,
                lines: block.lines.map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) },
                runsIn: runsIn
            )
        }
    }
}
