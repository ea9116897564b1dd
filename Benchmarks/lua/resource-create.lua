-- wrk script of Benchmarks/resource-throughput.sh: POST /notes creates one item per request. Every RESET_EVERY
-- requests (per wrk thread) it sends POST /__standin/reset instead, so the store returns to its seed and never fills
-- (a resource keeps at most 100,000 items; past that, a create is answered 507).
local reset_every = tonumber(os.getenv("RESET_EVERY") or "10000")
local sent = 0
local create, reset

-- The requests are made here, not at load: wrk sets the Host header that wrk.format adds only once it has started.
function init(args)
    create = wrk.format("POST", "/notes", { ["Content-Type"] = "application/json" },
        '{"title":"Buy milk","done":false}')
    reset = wrk.format("POST", "/__standin/reset", { ["Content-Type"] = "application/json" }, "")
end

function request()
    sent = sent + 1
    if sent % reset_every == 0 then return reset end
    return create
end
