import StandInFixtures

extension AdminAPI {
    /// Entries in one page of `GET /__standin/requests` unless `limit=` says otherwise.
    static let defaultPageSize = 1000
    /// The most entries one page may hold.
    static let maxPageSize = 10_000

    /// `GET /__standin/requests?method=&path=&unmatched=true&limit=&since=`: one page of the journal, oldest first,
    /// streamed. `since` is the cursor of the previous page (`next` in its answer; entries after that number), and
    /// `next` is null on the last page.
    func requests(query: Substring?) throws(AdminError) -> AdminReply {
        guard let journal = state.journal else {
            throw AdminError(status: 404, message: "the journal is off (--journal-size 0); no requests are kept")
        }
        var filter = JournalFilter()
        var limit = Self.defaultPageSize
        var since = 0
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
            case "limit":
                guard let number = Int(value), (1...Self.maxPageSize).contains(number) else {
                    throw AdminError(
                        status: 400,
                        message: "limit must be a number from 1 to \(Self.maxPageSize), not \(value.debugDescription)"
                    )
                }
                limit = number
            case "since":
                guard let number = Int(value), number >= 0 else {
                    throw AdminError(
                        status: 400,
                        message: "since must be the next cursor of an earlier page, not \(value.debugDescription)"
                    )
                }
                since = number
            default:
                throw AdminError(
                    status: 400,
                    message: "unknown parameter \(name.debugDescription); filter with method=, path= and "
                        + "unmatched=true, page with limit= and since="
                )
            }
        }
        let page = journal.page(matching: filter, after: since, limit: limit)
        let next = page.hasMore ? page.entries.last?.number : nil
        return AdminReply(
            status: 200,
            stream: JournalPageBody(page.entries, capacity: journal.capacity, next: next)
        )
    }

    /// `DELETE /__standin/requests`: empties the journal.
    func clearRequests() -> AdminReply {
        state.journal?.clear()
        return AdminReply(status: 200, json: AdminJSON.object([("status", AdminJSON.string("cleared"))]))
    }
}
