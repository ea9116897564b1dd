import StandInEngine

/// The limits the server holds requests and connections to: the engine's type, named here for users of MockServer.
public typealias ServerLimits = StandInEngine.ServerLimits

/// Why the server could not start or open a port: the engine's type, named here for users of MockServer.
public typealias ServerError = StandInEngine.ServerError
