import StandInEngine
import StandInFixtures

/// The engine's request as matching and rendering see it (declared here: the engine knows no fixtures).
extension ServerRequest: IncomingRequest {}
