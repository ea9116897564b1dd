import StandInFixtures

extension JournalEntry {
    /// What the dashboard's journal list shows of an entry; the page asks the admin API for the rest when it
    /// opens one.
    var summaryJSON: JSONNode {
        AdminJSON.object([
            ("id", AdminJSON.int(number)),
            ("method", AdminJSON.string(method)),
            ("path", AdminJSON.string(path)),
            ("query", AdminJSON.string(query)),
            ("status", AdminJSON.int(status)),
            ("fixture", AdminJSON.string(fixture)),
            ("variant", AdminJSON.string(variant)),
            ("durationMs", AdminJSON.number(Double(duration / .microseconds(1)) / 1000)),
        ])
    }
}
