import Foundation

/// A command shown in a ```console block of the README or docs/, with the output shown under it.
///
/// The convention (docs/development.md): in a block fenced as ```console, a line that starts with `$ ` is a
/// command, continued on the next line while it ends in `\`; the lines that follow, up to the next command or the
/// end of the block, are its output. Commands run `curl` or `standin`; other blocks are not run.
struct ConsoleExample: Sendable, CustomStringConvertible {
    /// The Markdown file, relative to the repository root.
    let file: String
    /// The line of the command in that file.
    let line: Int
    /// The command without its prompt, continuation lines included.
    let command: String
    /// The output shown under it.
    let expectedOutput: [String]

    var description: String { "\(file):\(line): \(command)" }

    /// A console block that breaks the convention.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The programs a console example may run.
    static let programs: Set<String> = ["curl", "standin"]

    /// The console examples of one Markdown text, in order.
    static func examples(in markdown: String, file: String) throws(Problem) -> [ConsoleExample] {
        var examples: [ConsoleExample] = []
        for block in FencedBlock.blocks(in: markdown) where block.info == ["console"] {
            var current: (line: Int, command: String, output: [String])?
            var continues = false
            for (offset, text) in block.lines.enumerated() {
                let line = block.firstLine + offset
                if continues, current != nil {
                    current?.command += "\n" + text
                    continues = text.hasSuffix("\\")
                } else if text.hasPrefix("$ ") {
                    if let current { examples.append(ConsoleExample(file: file, example: current)) }
                    let command = String(text.dropFirst(2))
                    let program = command.prefix { $0 != " " }
                    guard programs.contains(String(program)) else {
                        throw Problem(
                            description: "\(file):\(line): a console example runs curl or standin, not \(program)"
                        )
                    }
                    current = (line, command, [])
                    continues = text.hasSuffix("\\")
                } else if current != nil {
                    current?.output.append(String(text))
                } else {
                    throw Problem(description: "\(file):\(line): output with no command before it in a console block")
                }
            }
            if let current { examples.append(ConsoleExample(file: file, example: current)) }
        }
        return examples
    }
}

extension ConsoleExample {
    fileprivate init(file: String, example: (line: Int, command: String, output: [String])) {
        self.init(file: file, line: example.line, command: example.command, expectedOutput: example.output)
    }
}
