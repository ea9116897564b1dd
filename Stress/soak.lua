-- wrk script for Stress/soak.sh: cycles through the soak fixtures and counts 5xx answers that the fixture did not
-- ask for (only /soak/fail asks, and marks its answer with X-Soak-Expected).
local paths = {
    "/soak/static", "/soak/users/42?q=a", "/soak/static", "/soak/delayed", "/soak/sequence",
    "/soak/static", "/soak/users/7", "/soak/fail", "/soak/malformed", "/soak/static", "/soak/reset",
}
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    counter = 0
    unexpected = 0
    expected = 0
end

function request()
    counter = counter + 1
    return wrk.format("GET", paths[counter % #paths + 1])
end

function response(status, headers, body)
    if status >= 500 then
        if headers["X-Soak-Expected"] == "yes" then
            expected = expected + 1
        else
            unexpected = unexpected + 1
        end
    end
end

function done(summary, latency, requests)
    local unexpectedTotal, expectedTotal = 0, 0
    for _, thread in ipairs(threads) do
        unexpectedTotal = unexpectedTotal + thread:get("unexpected")
        expectedTotal = expectedTotal + thread:get("expected")
    end
    io.write(string.format("soak-load: %d requests, %d socket errors (the reset fault), %d asked-for 5xx, %d unexpected 5xx\n",
        summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        expectedTotal, unexpectedTotal))
end
