import Testing

/// How console examples are read from Markdown.
@Suite struct ConsoleExampleTests {
    @Test func consoleBlocksGiveCommandsAndTheirOutput() throws {
        let markdown = """
            ```sh
            curl -s localhost:8080/not-run
            ```
            ```console
            $ curl -s localhost:8080/ping \\
                -X POST
            pong
            $ standin check --mocks Mocks
            ```
            """
        let examples = try ConsoleExample.examples(in: markdown, file: "x.md")
        #expect(
            examples.map(\.command) == ["curl -s localhost:8080/ping \\\n    -X POST", "standin check --mocks Mocks"]
        )
        #expect(examples.map(\.expectedOutput) == [["pong"], []])
        #expect(examples.map(\.line) == [5, 8])
        #expect(throws: ConsoleExample.Problem.self) {
            try ConsoleExample.examples(in: "```console\n$ rm -rf x\n```", file: "x.md")
        }
    }

    @Test func aConsoleBlockQuotedInALongerFenceIsNotRun() throws {
        let markdown = "````markdown\n```console\n$ curl -s localhost:8080/quoted\n```\n````\n"
        #expect(try ConsoleExample.examples(in: markdown, file: "x.md").isEmpty)
    }

    @Test func aFenceNamesItsLanguageAndAFile() {
        let blocks = FencedBlock.blocks(in: "text\n```json Mocks/users/get-user.json\n{}\n```\n```\nplain\n```")
        #expect(blocks.map(\.info) == [["json", "Mocks/users/get-user.json"], []])
        #expect(blocks.map(\.firstLine) == [3, 6])
        #expect(blocks.map(\.lines) == [["{}"], ["plain"]])
    }
}
