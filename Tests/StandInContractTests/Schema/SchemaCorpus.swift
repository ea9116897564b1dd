import Foundation
import StandInContract
import StandInFixtures
import Testing

/// One case of `Tests/Interop/schema-corpus.json`, its schema compiled.
struct SchemaCorpusCase {
    let name: String
    let schema: JSONSchema
    let instance: JSONNode
    let direction: SchemaDirection
}

/// The cases of `Tests/Interop/schema-corpus.json` (component schemas of public specs with their examples and
/// mutations, and cases for every keyword), written by `Tests/Interop/schema_corpus.py`.
enum SchemaCorpus {
    static func cases() throws -> [SchemaCorpusCase] {
        let corpus = try JSONParser.parse(try Data(contentsOf: SchemaPython.corpus))
        guard case .array(let cases) = corpus["cases"]?.value, let documents = corpus["documents"] else { return [] }
        var compilers: [String: SchemaCompiler] = [:]
        return try cases.map { testCase in
            let name = try #require(testCase["name"]?.stringValue)
            let document = try #require(testCase["document"]?.stringValue)
            let dialect: SchemaDialect = testCase["dialect"]?.stringValue == "3.1" ? .openAPI31 : .openAPI30
            let key = "\(document) \(dialect)"
            if compilers[key] == nil {
                let root = try #require(documents[document], "\(name): no document \(document)")
                compilers[key] = SchemaCompiler(references: SpecReferences(root: root), dialect: dialect)
            }
            let compiler = try #require(compilers[key])
            let written = try #require(testCase["schema"])
            let schema: JSONSchema
            if let pointer = written.stringValue {
                let node = try #require(compiler.references.root.value(at: String(pointer.dropFirst())), "\(name)")
                schema = try compiler.compile(node, at: String(pointer.dropFirst()))
            } else {
                schema = try compiler.compile(written, at: "/cases/\(name)")
            }
            return SchemaCorpusCase(
                name: name,
                schema: schema,
                instance: try #require(testCase["instance"]),
                direction: testCase["direction"]?.stringValue == "request" ? .request : .response
            )
        }
    }
}
