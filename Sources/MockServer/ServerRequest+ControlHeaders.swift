import StandInEngine

extension ServerRequest {
    /// The `X-StandIn-*` headers that steer simulation, found in one pass over the request's headers.
    var controlHeaders: ControlHeaders {
        var found = ControlHeaders()
        forEachHeader(prefixed: ControlHeaders.prefix) { name, value in found.record(name: name, value: value) }
        return found
    }
}
