import Foundation
import ServerTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WireMock's response templates through `standin import wiremock`: each helper StandIn has an equal for is served
/// as WireMock serves it, and every other one is served as written, with a warning naming the file, the field and
/// the helper. The mappings are in the shapes public mapping folders use them (global templating: most stubs do
/// not name the `response-template` transformer).
@Suite struct ImportWireMockTemplateTests {
    @Test func helpersStandInHasAreServedAsWireMockServesThem() async throws {
        try await withImported(Self.translated) { base, imported in
            #expect(imported.status == 0, "\(imported.error)")
            #expect(!imported.error.contains("is served as written"), "\(imported.error)")

            let segment = try await HTTPReply.fetch(base + "/api/partyManagement/v2/organizations/10042/ascendants")
            #expect(segment.json == ["id": "10042", "kind": "organizations"], "urlPattern and pathSegments")
            let user = try await HTTPReply.fetch(base + "/users/7/profile?fields=name")
            #expect(user.json == ["user": "7", "fields": "name", "path": "/users/7/profile"], "urlPathPattern")
            let contact = try await HTTPReply.fetch(
                base + "/contacts/c-9",
                headers: ["X-Correlation-Id": "corr-1"]
            )
            #expect(contact.headers["x-correlation-id"] == "corr-1")
            #expect(contact.headers["location"] == "/contacts/c-9")
            #expect(contact.json == ["contact": "c-9", "first": "contacts", "method": "GET"], "urlPathTemplate")
            let callback = try await HTTPReply.fetch(base + "/auth/oauth/authorize?state=xyz&client_id=a")
            #expect(callback.status == 302)
            #expect(callback.headers["location"] == "http://localhost:3007/sign-in/callback?code=c&state=xyz")

            let order = #"{"order": {"id": "o-5", "lines": [{"sku": "A"}, {"sku": "B"}]}, "name": "Ada \"A\""}"#
            let created = try await HTTPReply.fetch(base + "/orders", method: "POST", body: Data(order.utf8))
            #expect(created.status == 201)
            #expect(created.json?["orderId"] as? String == "o-5", "jsonPath request.body '$.order.id'")
            #expect(created.json?["secondSku"] as? String == "B", "jsonPath with an index")
            #expect(created.json?["echo"] as? String == order, "request.body")
            let text = try await HTTPReply.fetch(base + "/greet", method: "POST", body: Data(order.utf8))
            #expect(String(decoding: text.body, as: UTF8.self) == #"Hello Ada "A""#, "a triple-stash jsonPath")

            let before = Int(Date().timeIntervalSince1970)
            let clock = try await HTTPReply.fetch(base + "/clock")
            let after = Int(Date().timeIntervalSince1970)
            let now = try #require(clock.json?["now"] as? String)
            let iso = ISO8601DateFormatter()
            let stamp = Int(try #require(iso.date(from: now)).timeIntervalSince1970)
            #expect((before - 1...after + 1).contains(stamp), "{{now}} is ISO 8601 in UTC: \(now)")
            let gmtText = try #require(clock.json?["gmt"] as? String)
            let gmt = Int(try #require(iso.date(from: gmtText)).timeIntervalSince1970)
            #expect((before - 1...after + 1).contains(gmt), "timezone='GMT'")
            let later = Int(try #require(clock.json?["inThreeDays"] as? String)) ?? 0
            #expect((before + 3 * 86_400 - 1...after + 3 * 86_400 + 1).contains(later), "offset and unix")
            let epoch = try #require(clock.json?["epoch"] as? String)
            #expect(epoch.hasSuffix("000") && epoch.count == 13, "epoch is milliseconds: \(epoch)")
            let hourAgoText = try #require(clock.json?["hourAgo"] as? String)
            let hourAgo = Int(try #require(iso.date(from: hourAgoText)).timeIntervalSince1970)
            #expect((before - 3600 - 1...after - 3600 + 1).contains(hourAgo), "offset='now -1 hours'")

            let random = try await HTTPReply.fetch(base + "/random")
            let uuid = try #require(random.json?["uuid"] as? String)
            #expect(UUID(uuidString: uuid) != nil, "randomValue type='UUID': \(uuid)")
            let pin = try #require(random.json?["pin"] as? String)
            #expect(pin.count == 6 && Int(pin) != nil, "randomValue length=6 type='NUMERIC': \(pin)")
            let dice = Int(try #require(random.json?["dice"] as? String)) ?? 0
            #expect((1...6).contains(dice), "randomInt lower=1 upper=7 excludes 7")
            #expect(["red", "green"].contains(random.json?["colour"] as? String), "pickRandom")

            let file = try await HTTPReply.fetch(base + "/files/f-1")
            #expect(file.json == ["file": "f-1"], "the templates of a body file run")
            #expect(file.headers["content-type"] == "application/json", "by the body file's extension")
        }
    }

    @Test func helpersStandInLacksAreServedAsWrittenWithAWarningEach() async throws {
        try await withImported(Self.literal) { base, imported in
            #expect(imported.status == 0, "\(imported.error)")
            for warning in [
                "mappings/dates.json: response.headers.Date: {{now format='EEE, dd MMM yyyy HH:mm:ss' timezone='GMT'}} "
                    + "is served as written: StandIn writes the time in ISO 8601 or as seconds since 1970 only.",
                "mappings/dates.json: response.jsonBody.day: {{now offset='2 days' format='yyyy-MM-dd'}} is served as "
                    + "written",
                "mappings/dates.json: response.jsonBody.berlin: {{now timezone='Europe/Berlin'}} is served as written: "
                    + "StandIn tells the time in UTC only, not in Europe/Berlin.",
                "mappings/dates.json: response.jsonBody.nextMonth: {{now offset='1 months'}} is served as written",
                "mappings/mixed.json: response.body: {{randomValue length=8 type='ALPHANUMERIC'}} is served as "
                    + "written: StandIn has no random value of type \"ALPHANUMERIC\".",
                "mappings/mixed.json: response.body: {{#if request.query.full}}",
                "is served as written: StandIn has no block helpers or partials (#if).",
                "mappings/mixed.json: response.headers.X-B3-TraceId: {{eq request.headers.X-B3-TraceId null "
                    + "yes=(randomValue type='UUID') no=request.headers.X-B3-TraceId}} is served as written: StandIn has "
                    + "no helper like \"eq\".",
                "mappings/mixed.json: response.body: {{jsonPath request.body '$.items[*].id'}} is served as written: "
                    + "StandIn reads a JSON path of names and indexes only",
                "mappings/by-id.json: response.bodyFileName: the file name \"party_{{request.pathSegments.[1]}}.json\" "
                    + "is a template",
            ] {
                #expect(imported.error.contains(warning), "no warning \(warning) in \(imported.error)")
            }
            #expect(imported.output.contains("3 fixture(s) written"), "\(imported.output)")

            let dates = try await HTTPReply.fetch(base + "/dates")
            #expect(dates.headers["date"] == "{{now format='EEE, dd MMM yyyy HH:mm:ss' timezone='GMT'}}")
            #expect(dates.json?["day"] as? String == "{{now offset='2 days' format='yyyy-MM-dd'}}")
            #expect(dates.json?["escaped"] as? String == "{{not a template}}", "WireMock's \\{{ stays text")
            let mixed = try await HTTPReply.fetch(base + "/mixed/42?full=1", method: "POST", body: Data("{}".utf8))
            let body = String(decoding: mixed.body, as: UTF8.self)
            #expect(
                body == "id=42 code={{randomValue length=8 type='ALPHANUMERIC'}} "
                    + "{{#if request.query.full}}full {{request.path.[1]}}{{/if}} ids={{jsonPath request.body '$.items[*].id'}}",
                "translated helpers run, the others are served as written: \(body)"
            )
            let byID = try await HTTPReply.fetch(base + "/party/10070")
            #expect(byID.status == 200 && byID.body.isEmpty, "a templated file name: no body")
        }
    }

    /// Writes `mappings` (file name to JSON, `__files/…` names go beside them) and imports them, checks the result,
    /// then serves it and runs `body` with the base URL and the import's outcome.
    private func withImported(
        _ mappings: [String: String],
        _ body: (String, (status: Int32, output: String, error: String)) async throws -> Void
    ) async throws {
        try await withFolder { folder in
            let wiremock = folder.appendingPathComponent("wiremock")
            for (name, json) in mappings {
                let path = name.hasPrefix("__files/") ? name : "mappings/" + name
                try writeFile(json, to: wiremock.appendingPathComponent(path))
            }
            let mocks = folder.appendingPathComponent("Mocks")
            let imported = try await StandInBinary.run(["import", "wiremock", wiremock.path, "--mocks", mocks.path])
            let check = try await StandInBinary.run(["check", "--mocks", mocks.path])
            #expect(check.status == 0, "\(check.output)\(check.error)")
            let serve = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { serve.stop() }
            try await body("http://127.0.0.1:\(serve.port)", imported)
        }
    }

    /// One stub per helper StandIn has an equal for.
    private static let translated: [String: String] = [
        "party.json": #"""
        { "priority": 5,
          "request": { "method": "GET",
                       "urlPattern": "/api/partyManagement/v2/organizations/100[0-9]{2}/ascendants($|\\?loadLocations=false)" },
          "response": { "status": 200, "headers": { "Content-Type": "application/json" },
                        "body": "{\"id\": \"{{request.requestLine.pathSegments.[4]}}\", \"kind\": \"{{request.path.[3]}}\"}" } }
        """#,
        "user.json": #"""
        { "request": { "method": "GET", "urlPathPattern": "/users/[0-9]+/profile" },
          "response": { "jsonBody": { "user": "{{request.path.[1]}}", "fields": "{{request.query.fields}}",
                                      "path": "{{request.path}}" },
                        "transformers": ["response-template"] } }
        """#,
        "contact.json": #"""
        { "request": { "method": "GET", "urlPathTemplate": "/contacts/{contactId}" },
          "response": { "headers": { "X-Correlation-Id": "{{request.headers.X-Correlation-Id}}",
                                     "Location": "{{request.path}}" },
                        "jsonBody": { "contact": "{{request.path.contactId}}", "first": "{{request.pathSegments.[0]}}",
                                      "method": "{{request.method}}" } } }
        """#,
        "auth.json": #"""
        { "request": { "method": "GET", "urlPath": "/auth/oauth/authorize" },
          "response": { "status": 302,
                        "headers": { "Location": "http://localhost:3007/sign-in/callback?code=c&state={{ request.query.state }}" } } }
        """#,
        "orders.json": #"""
        { "request": { "method": "POST", "url": "/orders" },
          "response": { "status": 201,
                        "jsonBody": { "orderId": "{{jsonPath request.body '$.order.id'}}",
                                      "secondSku": "{{jsonPath request.body '$.order.lines[1].sku'}}",
                                      "echo": "{{{request.body}}}" } } }
        """#,
        "greet.json": #"""
        { "request": { "method": "POST", "url": "/greet" },
          "response": { "body": "Hello {{{jsonPath request.body '$.name'}}}" } }
        """#,
        "clock.json": #"""
        { "request": { "method": "GET", "url": "/clock" },
          "response": { "jsonBody": { "now": "{{now}}", "gmt": "{{now timezone='GMT'}}",
                                      "inThreeDays": "{{now offset='3 days' format='unix'}}",
                                      "epoch": "{{now format='epoch'}}",
                                      "hourAgo": "{{now offset='now -1 hours' format=\"yyyy-MM-dd'T'HH:mm:ss'Z'\"}}" } } }
        """#,
        "random.json": #"""
        { "request": { "method": "GET", "url": "/random" },
          "response": { "jsonBody": { "uuid": "{{randomValue type='UUID'}}",
                                      "pin": "{{randomValue length=6 type='NUMERIC'}}",
                                      "dice": "{{randomInt lower=1 upper=7}}",
                                      "colour": "{{pickRandom 'red' 'green'}}" } } }
        """#,
        "files.json": #"""
        { "request": { "method": "GET", "urlPathPattern": "/files/[a-z0-9-]+" },
          "response": { "bodyFileName": "file.json" } }
        """#,
        "__files/file.json": #"{"file": "{{request.pathSegments.[1]}}"}"#,
    ]

    /// Stubs with helpers StandIn has no equal for, beside ones it has.
    private static let literal: [String: String] = [
        "dates.json": #"""
        { "request": { "method": "GET", "url": "/dates" },
          "response": { "headers": { "Date": "{{now format='EEE, dd MMM yyyy HH:mm:ss' timezone='GMT'}}" },
                        "jsonBody": { "day": "{{now offset='2 days' format='yyyy-MM-dd'}}",
                                      "berlin": "{{now timezone='Europe/Berlin'}}",
                                      "nextMonth": "{{now offset='1 months'}}",
                                      "escaped": "\\{{not a template}}" } } }
        """#,
        "mixed.json": #"""
        { "request": { "method": "POST", "urlPathPattern": "/mixed/[0-9]+" },
          "response": { "headers": { "X-B3-TraceId": "{{eq request.headers.X-B3-TraceId null yes=(randomValue type='UUID') no=request.headers.X-B3-TraceId}}" },
                        "body": "id={{request.path.[1]}} code={{randomValue length=8 type='ALPHANUMERIC'}} {{#if request.query.full}}full {{request.path.[1]}}{{/if}} ids={{jsonPath request.body '$.items[*].id'}}" } }
        """#,
        "by-id.json": #"""
        { "request": { "method": "GET", "urlPattern": "/party/[0-9]+" },
          "response": { "status": 200, "bodyFileName": "party_{{request.pathSegments.[1]}}.json" } }
        """#,
    ]
}
