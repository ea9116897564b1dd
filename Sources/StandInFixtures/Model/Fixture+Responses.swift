extension Fixture {
    /// How many responses the fixture serves in turn: the sequence's length, or 1.
    public var stepCount: Int { steps.count }

    /// The response for sequence step `step` (ignored for single responses), with `variant` applied.
    ///
    /// Steps past the last follow `afterLast`, so any count of requests so far can be passed; `SequenceCounters`
    /// already gives steps in range.
    /// - Throws: `UnknownVariant` when the fixture has no variant named `variant`.
    public func response(step: Int, variant: String?) throws(UnknownVariant) -> CompiledResponse {
        let index = stepIndex(step)
        guard let variant else { return steps[index] }
        guard let responses = variants[variant] else {
            throw UnknownVariant(fixtureID: id, name: variant, available: variantNames)
        }
        return responses[index]
    }

    /// The index into the steps that `step` serves, per `afterLast`.
    func stepIndex(_ step: Int) -> Int {
        let count = steps.count
        guard step > 0, count > 1 else { return 0 }
        if step < count { return step }
        switch afterLast {
        case .repeatLast: return count - 1
        case .cycle: return step % count
        }
    }
}
