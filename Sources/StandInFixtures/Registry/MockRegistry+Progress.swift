import NetworkCore

extension MockRegistry {
    /// How many steps the registry reports a body's progress in.
    static let progressSteps = 8

    /// Tells `onProgress` that a body of `byteCount` bytes moved, in ``progressSteps`` even steps: the first moves
    /// some bytes, each moves more, and the last moves them all, the shape ``URLSessionTransport`` reports over a
    /// network. An empty body reports nothing.
    static func reportProgress(
        _ direction: TransferProgress.Direction,
        of byteCount: Int,
        to onProgress: TransferProgressHandler?
    ) {
        guard let onProgress, byteCount > 0 else { return }
        let total = Int64(byteCount)
        let steps = Int64(min(progressSteps, byteCount))
        for step in 1...steps {
            onProgress(TransferProgress(direction: direction, completedBytes: total * step / steps, totalBytes: total))
        }
    }
}
