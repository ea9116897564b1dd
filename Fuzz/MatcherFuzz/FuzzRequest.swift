import Foundation
import StandInFixtures
import StandInSupport

/// A request cut from fuzzer bytes: `METHOD\nTARGET\nName: value\n…\n\nBODY`.
struct FuzzRequest: IncomingRequest {
    let method: String
    let path: String
    let rawQuery: Substring?
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let (head, body) = text.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false).splitFirst
        self.body = Array((body ?? "").utf8)
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        method = lines.next().map { String($0.prefix(16)).uppercased() } ?? "GET"
        let target = lines.next().map(String.init) ?? "/"
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = PercentDecoding.decode(parts.first ?? "/")
        rawQuery = parts.count > 1 ? parts[1] : nil
        headers = lines.compactMap { line in
            let field = line.split(separator: ":", maxSplits: 1)
            guard field.count == 2 else { return nil }
            return (String(field[0]), String(field[1].drop { $0 == " " }))
        }
    }

    func header(named name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension Array where Element == Substring {
    fileprivate var splitFirst: (Substring, Substring?) { (first ?? "", count > 1 ? self[1] : nil) }
}
