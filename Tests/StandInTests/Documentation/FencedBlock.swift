/// A fenced code block of a Markdown text: the words after its opening fence and its lines.
struct FencedBlock: Sendable {
    /// The words after the opening fence: `console`, or `json Mocks/users/get-user.json`.
    let info: [Substring]
    /// The line number, from 1, of the block's first line of content.
    let firstLine: Int
    /// The lines between the fences.
    let lines: [Substring]

    /// The fenced blocks of `markdown`, in order. A block closes at a fence at least as long as the one that opened
    /// it, so a longer fence can quote a block, fences included.
    static func blocks(in markdown: String) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        var open: (ticks: Int, info: [Substring], firstLine: Int, lines: [Substring])?
        for (index, text) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = text.drop { $0 == " " }
            let ticks = trimmed.prefix { $0 == "`" }.count
            if let block = open {
                if ticks >= block.ticks, trimmed.dropFirst(ticks).allSatisfy(\.isWhitespace) {
                    blocks.append(FencedBlock(info: block.info, firstLine: block.firstLine, lines: block.lines))
                    open = nil
                } else {
                    open?.lines.append(text)
                }
            } else if ticks >= 3 {
                open = (ticks, trimmed.dropFirst(ticks).split(separator: " "), index + 2, [])
            }
        }
        return blocks
    }
}
