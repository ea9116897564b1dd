"""A mitmdump addon for Benchmarks/proxy.sh: sends every request it decrypts to a plain HTTP upstream on loopback
(`--set upstream_port=PORT`), whatever host the client asked for, the way StandIn's proxy answers an intercepted
host itself. Run with `--set connection_strategy=lazy --set upstream_cert=false`, so that mitmdump never tries to
reach the host named in the client's CONNECT."""
from mitmproxy import ctx


class LoopbackUpstream:
    def load(self, loader):
        loader.add_option("upstream_port", int, 0, "The loopback port of the plain HTTP upstream.")

    def request(self, flow):
        flow.request.scheme = "http"
        flow.request.host = "127.0.0.1"
        flow.request.port = ctx.options.upstream_port


addons = [LoopbackUpstream()]
