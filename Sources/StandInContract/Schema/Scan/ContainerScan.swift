/// One pass over an array's elements or an object's members for a schema node (`ArrayScan`, `ObjectScan`), and what
/// it tells of each check on the container once it is over.
protocol ContainerScan {
    /// The elements or members read.
    var count: Int { get }

    /// Reads the content after the opening bracket and the closing one; false as soon as an element or member breaks
    /// its rule, nil when the scan leaves the question to the parser.
    mutating func read(_ cursor: inout JSONCursor, _ direction: SchemaDirection, depth: Int) -> Bool?

    /// What the pass tells of `check` on the container (whose document is `bytes`).
    func verdict(on check: SchemaCheck, in bytes: UnsafeBufferPointer<UInt8>) -> ContainerVerdict
}

/// What a pass over a container tells of one of its node's checks.
enum ContainerVerdict {
    /// Passes (true), fails (false), or is left to the parser (nil).
    case known(Bool?)
    /// Needs the container read again or parsed (`ScannedContainer.isValid`).
    case onTheWhole
}
