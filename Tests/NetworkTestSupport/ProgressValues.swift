import NetworkCore

/// Every value of a call's progress stream, once the stream ends.
public func values(of stream: AsyncStream<TransferProgress>) async -> [TransferProgress] {
    var values: [TransferProgress] = []
    for await value in stream { values.append(value) }
    return values
}

/// Whether `steps` have the shape a call's progress promises: the first moves some bytes, each moves more bytes and a
/// larger fraction than the one before, every fraction is known, and the last is 1.
public func risesToCompletion(_ steps: [TransferProgress]) -> Bool {
    let fractions = steps.compactMap(\.fractionCompleted)
    return (steps.first?.completedBytes ?? 0) > 0
        && zip(steps, steps.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes }
        && fractions.count == steps.count
        && zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 }
        && fractions.last == 1
}
