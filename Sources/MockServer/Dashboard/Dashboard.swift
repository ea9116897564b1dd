import StandInEngine

/// The dashboard's calls under `/__standin/`: its page and assets (`ui`, `ui/app.js`, `ui/app.css`) and its live
/// journal (`events`). `MockResponder` checks access first, as for any admin call.
struct Dashboard {
    let context: ServerContext
    unowned let loop: EventLoop

    /// Answers `request` if it is one of the dashboard's calls, logs it, and returns true; false leaves it to the
    /// admin API.
    func answer(_ request: ServerRequest, requestId: String) -> Bool {
        let route = request.path.dropFirst(AdminAPI.pathPrefix.count)
        let started = ContinuousClock.now
        let status: Int
        if let asset = DashboardAssets.asset(route: route) {
            status = serve(asset, to: request, requestId: requestId)
        } else if route == "events" {
            status = openStream(request, requestId: requestId)
        } else {
            return false
        }
        context.accessLog?.record(
            method: request.method,
            path: request.path,
            status: status,
            fixture: "ADMIN",
            details: nil,
            duration: ContinuousClock.now - started
        )
        return true
    }

    private func serve(_ asset: DashboardAssets.Asset, to request: ServerRequest, requestId: String) -> Int {
        guard request.method == "GET" || request.method == "HEAD" else {
            return refuse(request, status: 405, message: "\(request.path) takes GET, not \(request.method)", requestId)
        }
        request.addHeader("Content-Type", asset.contentType)
        request.addHeader("Cache-Control", "no-store")
        request.addHeader("X-Content-Type-Options", "nosniff")
        request.addHeader("Content-Security-Policy", DashboardAssets.contentSecurityPolicy)
        asset.bytes.withUnsafeBytes { request.appendBody($0) }
        request.send(status: 200)
        return 200
    }

    /// Starts an event stream: a `ready` event, then one `request` event per journal entry recorded.
    private func openStream(_ request: ServerRequest, requestId: String) -> Int {
        guard request.method == "GET" else {
            return refuse(request, status: 405, message: "\(request.path) takes GET, not \(request.method)", requestId)
        }
        guard let journal = context.journal else {
            return refuse(
                request,
                status: 404,
                message: "the journal is off (--journal-size 0); the dashboard has no requests to show",
                requestId
            )
        }
        let feed = journal.feed
        guard feed.reserve() else {
            return refuse(
                request,
                status: 429,
                message: "\(feed.maxStreams) event streams are open, the most this server allows "
                    + "(--max-event-streams); close a dashboard and try again",
                requestId
            )
        }
        request.addHeader("X-Request-ID", requestId)
        let reply = EventStreamReply(
            request,
            budget: EventStream.bufferBytes,
            writeTimeoutSeconds: feed.idleTimeoutSeconds,
            on: loop
        )
        let stream = EventStream(reply, on: loop, feed: feed)
        feed.add(stream)
        reply.onHangUp = { feed.remove(stream) }
        let ready = AdminJSON.object([
            ("journalCapacity", AdminJSON.int(journal.capacity)), ("lastId", AdminJSON.int(journal.lastNumber)),
        ])
        _ = reply.send(ServerSentEvent(name: "ready", data: ready.compactBytes).bytes[...])
        return 200
    }

    private func refuse(_ request: ServerRequest, status: Int, message: String, _ requestId: String) -> Int {
        request.addHeader("Content-Type", "application/json")
        request.addHeader("X-Request-ID", requestId)
        AdminReply(status: status, error: message).body(requestId: requestId).withUnsafeBytes { request.appendBody($0) }
        request.send(status: status)
        return status
    }
}
