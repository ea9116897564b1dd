import StandInContract
import StandInFixtures

extension ContractViolation {
    /// `{"in","pointer","rule","message"}`, as a 422's `data.violations` and the journal list it.
    var json: JSONNode {
        AdminJSON.object([
            ("in", AdminJSON.string(location.rawValue)),
            ("pointer", AdminJSON.string(pointer)),
            ("rule", AdminJSON.string(rule)),
            ("message", AdminJSON.string(message)),
        ])
    }
}
