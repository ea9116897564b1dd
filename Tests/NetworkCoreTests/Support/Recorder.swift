import Foundation

/// Collects values from concurrent code.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    // Safe: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ value: Value) { lock.withLock { items.append(value) } }
    var values: [Value] { lock.withLock { items } }
}
