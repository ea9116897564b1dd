import NetworkCore
import StandInSupport

extension MockRegistry {
    /// A `TransportRequest` as matching and rendering see it.
    package struct Request: IncomingRequest {
        package let method: String
        package let path: String
        package let rawQuery: Substring?
        let fields: HTTPFields
        package let body: [UInt8]

        /// The request's method, path without query or fragment, query, fields and body.
        package init(_ request: TransportRequest) {
            method = request.head.method.rawValue
            var target = Substring(request.head.path ?? "/")
            if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
            if let question = target.firstIndex(of: "?") {
                rawQuery = target[target.index(after: question)...]
                target = target[..<question]
            } else {
                rawQuery = nil
            }
            path = PercentDecoding.decode(target.isEmpty ? "/" : target)
            fields = request.head.headerFields
            body = request.body.map(Array.init) ?? []
        }

        package func header(named name: String) -> String? {
            guard let name = HTTPField.Name(name) else { return nil }
            return fields[values: name].first
        }
    }
}
