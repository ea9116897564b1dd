extension SimplePattern {
    /// Whether the pattern matches anywhere in `text`, as `Regex.firstMatch` would; `text` must pass `readsAsBytes`.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        masks.withUnsafeBufferPointer { masks in
            if wordCount == 1 { return run(over: text, masks: masks.baseAddress!) }
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCount) { live in
                run(over: text, masks: masks.baseAddress!, live: live)
            }
        }
    }

    /// `run(over:masks:live:)` for a pattern whose positions fit one word, kept in a register.
    private func run(over text: UnsafeBufferPointer<UInt8>, masks: UnsafePointer<UInt64>) -> Bool {
        let (repeating, optional) = (masks[256], masks[257])
        let (start, final): (UInt64, UInt64) = (anchoredAtStart ? 0 : 1, 1 << finalBit)
        var live = Self.passOver(optional, 1, carry: 0)
        for byte in text {
            if live & final != 0, !anchoredAtEnd { return true }
            live = masks[Int(byte)] & (live << 1 | live & repeating)
            if live == 0, anchoredAtStart { return false }
            live = Self.passOver(optional, live | start, carry: 0)
        }
        return live & final != 0
    }

    /// Moves the set of `live` positions along `text`, stopping as soon as the outcome is known.
    private func run(
        over text: UnsafeBufferPointer<UInt8>,
        masks: UnsafePointer<UInt64>,
        live: UnsafeMutableBufferPointer<UInt64>
    ) -> Bool {
        let repeating = masks + 256 * wordCount
        let optional = masks + 257 * wordCount
        live.initialize(repeating: 0)
        live[0] = 1
        passOver(optional, live)
        for byte in text {
            if hasMatched(live), !anchoredAtEnd { return true }
            let matching = masks + Int(byte) * wordCount
            var carry: UInt64 = 0
            var any: UInt64 = 0
            for word in 0..<wordCount {
                let before = live[word]
                live[word] = matching[word] & (before << 1 | carry | before & repeating[word])
                any |= live[word]
                carry = before >> 63
            }
            if !anchoredAtStart {
                live[0] |= 1
            } else if any == 0 {
                return false
            }
            passOver(optional, live)
        }
        return hasMatched(live)
    }

    /// Adds to `live` every position reached by passing over optional ones.
    private func passOver(_ optional: UnsafePointer<UInt64>, _ live: UnsafeMutableBufferPointer<UInt64>) {
        var carry: UInt64 = 0
        for word in 0..<wordCount {
            live[word] = Self.passOver(optional[word], live[word], carry: carry)
            carry = live[word] >> 63
        }
    }

    /// `live` with the positions reached from it by passing over `optional` ones, where `carry` is the top bit of
    /// the word below.
    private static func passOver(_ optional: UInt64, _ live: UInt64, carry: UInt64) -> UInt64 {
        var live = live
        var reached = (live << 1 | carry) & optional & ~live
        while reached != 0 {
            live |= reached
            reached = reached << 1 & optional & ~live
        }
        return live
    }

    private func hasMatched(_ live: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        live[finalBit / 64] & (1 << (finalBit % 64)) != 0
    }
}
