/// The problems found in one file so far: decoding goes on past a problem, so one run reports every one of them.
final class ProblemList {
    private(set) var errors: [FixtureError] = []

    /// Adds a problem.
    func add(_ error: FixtureError) {
        errors.append(error)
    }

    /// Runs `body`; a problem it throws is added (placed at `line` when it names none) and answered with nil.
    @discardableResult
    func attempt<T>(locatedAt line: Int? = nil, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as FixtureError {
            errors.append(line.map { error.located(at: $0) } ?? error)
        } catch {
            errors.append(FixtureError("\(error)", line: line))
        }
        return nil
    }
}

/// Every problem of one fixture, in the order found.
struct FixtureProblems: Error {
    let errors: [FixtureError]
}
