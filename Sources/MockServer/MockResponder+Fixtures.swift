import StandInContract
import StandInEngine
import StandInFixtures

extension MockResponder {
    /// Answers from `state`'s fixtures, with the simulation planned for the answer. An intact, undelayed response is
    /// written straight into the request; anything else (a delay, a fault) is rendered now and delivered later by
    /// `DeferredDelivery` on this loop's timers.
    ///
    /// Under a spec (`contract`), the answer is checked against the operation's response too, and in `warn` mode
    /// carries the count of the request's violations.
    func answerFromFixtures(
        _ exchange: consuming Exchange,
        state: SessionState,
        controls: SimulationControls,
        contract: ContractCheck? = nil
    ) {
        let fixtures = state.fixtures.current
        let successCode = fixtures.config.envelope.successCode
        var facts = RequestFacts(exchange.request)
        let answer = PlannedAnswer(
            to: &facts,
            from: fixtures.index,
            resources: state.fixtures.resources,
            config: fixtures.config,
            requestId: exchange.requestId,
            chooser: state.chooser,
            simulation: simulation,
            controls: controls
        )
        switch consume answer {
        case .resource(let reply, let fixture, let plan):
            hits?.add(fixture.id)
            var ending = plan.ending(fixture: fixture.id, envelopeCode: reply.envelopeCode, successCode: successCode)
            guard plan.isDeferred || contract != nil else {
                exchange.request.send(reply, status: plan.status)
                return finish(consume exchange, ending)
            }
            var rendered = RenderedResponse()
            reply.write(into: &rendered)
            if let contract { ending.contract = contract.checking(&rendered, status: plan.status) }
            deliver(rendered, plan: plan, exchange, ending)
        case .matched(let match, let plan):
            let fixture = match.fixture
            hits?.add(fixture.id)
            var ending = plan.ending(
                fixture: fixture.id,
                envelopeCode: plan.response.envelopeCode,
                successCode: successCode
            )
            if let operation = facts.graphQLOperationRead { ending.graphQLOperations = [operation] }
            var renderContext = RenderContext(
                facts: consume facts,
                captures: match.captures,
                requestId: exchange.requestId,
                random: simulation.templateRandom
            )
            ending.contract = contract?.note
            if let script = plan.response.websocket {
                return converse(
                    script,
                    plan: plan,
                    fixture: fixture,
                    renderContext: renderContext,
                    state: state,
                    consume exchange,
                    ending
                )
            }
            if let events = plan.response.events, plan.streamsEvents(to: exchange.request.method) {
                var head = RenderedResponse()
                warnOfEscaped(plan.response.writeHeaders(with: &renderContext, into: &head), fixture: fixture.id)
                plan.writeRateLimitHeaders(into: &head)
                let script = events.rendered(
                    after: exchange.request.header(named: "Last-Event-ID"),
                    with: &renderContext
                )
                return stream(script, head: head, plan: plan, exchange, ending)
            }
            let fixedNote =
                plan.isDeferred
                ? nil
                : contract.flatMap {
                    $0.checking(fixed: plan.response, status: plan.status, verdicts: staticAnswerVerdicts)
                }
            guard !plan.isDeferred, contract == nil || fixedNote != nil else {
                var rendered = RenderedResponse()
                warnOfEscaped(plan.response.write(with: &renderContext, into: &rendered), fixture: fixture.id)
                plan.writeRateLimitHeaders(into: &rendered)
                if let contract { ending.contract = contract.checking(&rendered, status: plan.status) }
                return deliver(rendered, plan: plan, exchange, ending)
            }
            let request = exchange.request
            var sink = request
            plan.writeRateLimitHeaders(into: &sink)
            if let fixedNote {
                contract?.addViolationsHeader(into: &sink)
                ending.contract = fixedNote
            }
            let escaped: [String]
            if let large = plan.response.largeFixedBody {
                escaped = plan.response.writeHeaders(with: &renderContext, into: &sink)
                request.send(status: plan.status, body: large, on: loop)
            } else {
                escaped = plan.response.write(with: &renderContext, into: &sink)
                request.send(status: plan.status)
            }
            warnOfEscaped(escaped, fixture: fixture.id)
            finish(consume exchange, ending)
        case .refused(let fixture, let reply):
            // A variant the fixture lacks or control headers that cannot be followed (400), past a rate limit (429).
            hits?.add(fixture.id)
            let answer = JournalAnswer(envelopeCode: reply.envelopeCode, successCode: successCode)
            exchange.request.send(reply)
            var ending = Exchange.Ending(status: reply.status, fixture: fixture.id, answer: answer)
            ending.contract = contract?.note
            finish(consume exchange, ending)
        case .unmatched:
            if let batch = GraphQLBatchAnswer(
                to: &facts,
                from: fixtures.index,
                resources: state.fixtures.resources,
                config: fixtures.config,
                requestId: exchange.requestId,
                chooser: state.chooser,
                simulation: simulation,
                controls: controls
            ) {
                return answerBatch(batch, exchange, config: fixtures.config)
            }
            answerUnmatched(
                consume exchange,
                facts: &facts,
                config: fixtures.config,
                index: fixtures.index,
                contract: contract?.note
            )
        }
    }

    /// Sends a GraphQL batch's answers as one array, after the wait of its slowest operation.
    private func answerBatch(_ batch: GraphQLBatchAnswer, _ exchange: consuming Exchange, config: ProjectConfig) {
        for case let fixture? in batch.fixtureIDs { hits?.add(fixture) }
        let reply = JSONReply(status: 200, body: batch.body, config: config, requestId: exchange.requestId)
        var ending = Exchange.Ending(
            status: 200,
            fixture: batch.fixtureIDs.compactMap { $0 }.joined(separator: ","),
            label: "GRAPHQL BATCH",
            details: batch.plan?.logDetails
        )
        ending.graphQLOperations = batch.operationNames.map { $0 ?? "" }
        guard let plan = batch.plan else {
            exchange.request.send(reply)
            return finish(consume exchange, ending)
        }
        var rendered = RenderedResponse()
        reply.write(into: &rendered)
        deliverLater(rendered, plan: plan, exchange, ending)
    }

    /// Logs the headers whose rendered values had control characters percent-encoded.
    private func warnOfEscaped(_ headers: [String], fixture: String) {
        guard !headers.isEmpty else { return }
        context.logger.warning(
            "\(fixture): control characters in the rendered value of \(headers.joined(separator: ", ")) were percent-encoded"
        )
    }

    /// Sends `rendered` now when `plan` defers nothing, else hands it to `deliverLater`.
    private func deliver(
        _ rendered: RenderedResponse,
        plan: ResponsePlan,
        _ exchange: consuming Exchange,
        _ ending: Exchange.Ending
    ) {
        guard plan.isDeferred else {
            rendered.write(to: exchange.request)
            exchange.request.send(status: plan.status)
            return finish(consume exchange, ending)
        }
        deliverLater(rendered, plan: plan, exchange, ending)
    }

    /// Hands a delayed or faulty answer to a `DeferredDelivery`, which finishes the exchange once it is over, with
    /// what became of it (`client-gone`, how long a timeout held) after the plan's details.
    func deliverLater(
        _ rendered: RenderedResponse,
        plan: ResponsePlan,
        _ exchange: consuming Exchange,
        _ ending: Exchange.Ending
    ) {
        let delivery = DeferredDelivery(
            request: DeferredRequest(exchange.request, on: loop),
            rendered: rendered,
            plan: plan,
            loop: loop,
            maxHold: simulation.settings.maxHold
        )
        let pending = PendingExchange(exchange)
        delivery.start { [servedNote] outcome in
            var ending = ending
            ending.details = outcome
            pending.finish(ending.noting(servedNote))
        }
    }
}

extension MockResponder {
    /// Hands a stream of events to an `EventStreamDelivery`, which finishes the exchange once the stream is over,
    /// with the events sent and whether the client left first.
    private func stream(
        _ script: RenderedEventStream,
        head: RenderedResponse,
        plan: ResponsePlan,
        _ exchange: consuming Exchange,
        _ ending: Exchange.Ending
    ) {
        let delivery = EventStreamDelivery(
            request: DeferredRequest(exchange.request, on: loop),
            head: head,
            plan: plan,
            script: script,
            writeTimeoutSeconds: context.streamWriteTimeoutSeconds,
            loop: loop
        )
        let pending = PendingExchange(exchange)
        delivery.start { [servedNote] outcome in
            var ending = ending
            ending.answer.stream = (outcome.eventsSent, outcome.clientLeftFirst)
            let left = outcome.clientLeftFirst ? "client-gone" : nil
            ending.details = [ending.details, "events=\(outcome.eventsSent)", outcome.note, left]
                .compactMap { $0 }.joined(separator: " ")
            pending.finish(ending.noting(servedNote))
        }
    }
}

extension ResponsePlan {
    /// How an exchange this plan answers ends: the fixture, the variant, the simulation's details, and the envelope
    /// code and fault for the journal.
    fileprivate func ending(fixture: String, envelopeCode: Int?, successCode: Int) -> Exchange.Ending {
        Exchange.Ending(
            status: status,
            fixture: fixture,
            variant: variant,
            details: logDetails,
            answer: JournalAnswer(envelopeCode: envelopeCode, successCode: successCode, fault: fault)
        )
    }
}
