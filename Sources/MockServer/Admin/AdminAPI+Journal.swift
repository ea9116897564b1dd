import Fixtures

extension AdminAPI {
    /// `GET /__standin/requests?method=&path=&unmatched=true`: the journal, oldest first.
    func requests(query: Substring?) throws(AdminError) -> AdminReply {
        guard let journal = context.journal else {
            throw AdminError(status: 404, message: "the journal is off (--journal-size 0); no requests are kept")
        }
        var filter = JournalFilter()
        for (name, value) in QueryString.parse(query ?? "") {
            switch name {
            case "method": filter.method = value.uppercased()
            case "path": filter.path = value
            case "unmatched":
                guard let flag = Bool(value) else {
                    throw AdminError(
                        status: 400,
                        message: "unmatched must be true or false, not \(value.debugDescription)"
                    )
                }
                filter.unmatchedOnly = flag
            default:
                throw AdminError(
                    status: 400,
                    message: "unknown filter \(name.debugDescription); filter with method=, path= and unmatched=true"
                )
            }
        }
        let entries = journal.entries(matching: filter)
        return AdminReply(
            status: 200,
            json: AdminJSON.object([
                ("count", AdminJSON.int(entries.count)),
                ("capacity", AdminJSON.int(journal.capacity)),
                ("requests", AdminJSON.array(entries.map(\.json))),
            ])
        )
    }

    /// `DELETE /__standin/requests`: empties the journal.
    func clearRequests() -> AdminReply {
        context.journal?.clear()
        return AdminReply(status: 200, json: AdminJSON.object([("status", AdminJSON.string("cleared"))]))
    }
}
