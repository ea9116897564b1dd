import Foundation

/// Collects values from concurrent code.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    // Safe: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [Value] = []

    public init() {}

    public func append(_ value: Value) { lock.withLock { items.append(value) } }
    public var values: [Value] { lock.withLock { items } }
}
