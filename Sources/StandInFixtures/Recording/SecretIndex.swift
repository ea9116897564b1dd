/// Secret values indexed by their first two bytes, so that a text is searched for all of them in one pass: the
/// recorder remembers many secrets, and a search per secret would cost their number times every body's length.
struct SecretIndex {
    /// The secrets of two bytes or more, as UTF-8, by their first two bytes; longest first within each.
    private let byPrefix: [UInt16: [[UInt8]]]
    /// Which two-byte prefixes occur, one bit each: most positions are ruled out without a hash lookup.
    private let prefixBits: [UInt64]
    /// Single-byte secrets, searched for one by one.
    private let single: Set<UInt8>

    /// Indexes `secrets`; empty ones are left out.
    init(_ secrets: [String]) {
        var byPrefix: [UInt16: [[UInt8]]] = [:]
        var bits = [UInt64](repeating: 0, count: secrets.isEmpty ? 0 : 1024)
        var single: Set<UInt8> = []
        for secret in secrets {
            let bytes = Array(secret.utf8)
            if bytes.count == 1 { single.insert(bytes[0]) }
            guard bytes.count >= 2 else { continue }
            let key = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
            byPrefix[key, default: []].append(bytes)
            bits[Int(key >> 6)] |= 1 << UInt64(key & 63)
        }
        self.byPrefix = byPrefix.mapValues { $0.sorted { $0.count > $1.count } }
        prefixBits = bits
        self.single = single
    }

    /// Whether there is nothing to search for.
    var isEmpty: Bool { byPrefix.isEmpty && single.isEmpty }

    /// `bytes` with every secret replaced by `placeholder`, the longest one at each place; nil when none occurs.
    func replacing(in bytes: some Collection<UInt8>, with placeholder: [UInt8]) -> [UInt8]? {
        guard !isEmpty else { return nil }
        let source = Array(bytes)
        var result: [UInt8] = []
        var copiedUpTo = 0
        var index = 0
        while index < source.count {
            if let length = match(in: source, at: index) {
                if result.isEmpty { result.reserveCapacity(source.count) }
                result += source[copiedUpTo..<index]
                result += placeholder
                index += length
                copiedUpTo = index
            } else {
                index += 1
            }
        }
        guard copiedUpTo > 0 else { return nil }
        result += source[copiedUpTo...]
        return result
    }

    /// Whether any secret occurs in `bytes`.
    func occurs(in bytes: some Collection<UInt8>) -> Bool {
        guard !isEmpty else { return false }
        let source = Array(bytes)
        return source.indices.contains { match(in: source, at: $0) != nil }
    }

    /// The length of the longest secret at `index`, or nil.
    private func match(in source: [UInt8], at index: Int) -> Int? {
        if !single.isEmpty, single.contains(source[index]) { return 1 }
        guard index + 1 < source.count else { return nil }
        let key = UInt16(source[index]) << 8 | UInt16(source[index + 1])
        guard prefixBits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0, let candidates = byPrefix[key] else {
            return nil
        }
        for secret in candidates where index + secret.count <= source.count {
            if source[index..<(index + secret.count)].elementsEqual(secret) { return secret.count }
        }
        return nil
    }
}
