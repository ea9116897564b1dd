// NetworkCore speaks HTTP in swift-http-types' vocabulary (`HTTPRequest.Method`, `HTTPResponse.Status`,
// `HTTPFields`), so every module above it and every app that imports it gets those types too.
@_exported import HTTPTypes
