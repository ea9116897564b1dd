import StandInContract
import Testing

/// Whatever a client sends, the contract answers with violations and never traps.
@Suite struct ContractRobustnessTests {
    @Test func malformedRequestsAreReadWithoutCrashing() throws {
        let contract = try loadContract(
            spec(
                #""/items/{id}.{ext}":{"post":{"parameters":["#
                    + #"{"name":"id","in":"path","required":true,"schema":{"type":"integer"}},"#
                    + #"{"name":"ids","in":"query","explode":false,"schema":{"type":"array","items":{"type":"number"}}},"#
                    + #"{"name":"f","in":"query","style":"deepObject","schema":{"type":"object"}},"#
                    + #"{"name":"o","in":"query","explode":false,"schema":{"type":"object"}},"#
                    + #"{"name":"c","in":"cookie","schema":{"type":"array","items":{"type":"boolean"}}},"#
                    + #"{"name":"X-H","in":"header","explode":true,"schema":{"type":"object"}}],"#
                    + #""requestBody":{"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object","#
                    + #""properties":{"n":{"type":"array","items":{"type":"integer"}}}}},"#
                    + #""application/json":{"schema":{"type":"object"}}}}}}"#
            )
        )
        let targets = [
            "/items/1.json?ids=%&ids=%%%&f[=1&f]=2&f[]=&o=,,,&&&==&%ZZ=%",
            "/items/%FF.%C3?ids=,,&o=a",
            "/items/\u{1F600}.\u{0}?ids=1e999999&o=a,b,c",
            "/items/..?=&=&",
            "/items/1.",
        ]
        let headers = [
            ("Cookie", ";;=;c=;c=x,,=;"), ("X-H", "=,=,a=b=c,"), ("Content-Type", "application/x-www-form-urlencoded"),
        ]
        let bodies = ["n=1&n=x&%=%&&", "=", "n", String(repeating: "[", count: 10_000)]
        for target in targets {
            for body in bodies {
                let request = ContractTestRequest("POST", target, headers: headers, body: body)
                _ = contract.check(request)
                _ = contract.operation(method: "POST", path: request.path)?.requestViolations(of: request)
                let json = ContractTestRequest(
                    "POST",
                    target,
                    headers: [("Content-Type", "application/json;;;charset")],
                    body: body
                )
                _ = contract.check(json)
            }
        }
        let found = try #require(contract.check(ContractTestRequest("POST", "/items/x.y?ids=1,a")))
        #expect(found.violations.map(\.pointer) == ["/id", "/ids/1"])
    }
}

extension ContractRobustnessTests {
    @Test func aLongSegmentAgainstAMixedTemplateGivesUpAtItsStepBudget() throws {
        let contract = try loadContract(spec(#""/f/{a}.{b}.{c}.x":{"get":{}}"#))
        // A segment of 20,000 dots has every split for the three parameters to try; the step budget ends the search.
        #expect(contract.operation(method: "GET", path: "/f/" + String(repeating: ".", count: 20_000)) == nil)
        #expect(contract.operation(method: "GET", path: "/f/1.2.3.x") != nil)
    }
}
