import Foundation
// libFuzzer target: a random request target, percent-decoded as the server decodes it, always names a recorded
// fixture file inside the record folder: relative, no empty, `.` or `..` segment, only safe characters. The first
// byte picks the method (evhttp lets only these through).
// Build and run with Fuzz/run.sh; see docs/development.md#fuzzing.
import StandInFixtures
import StandInSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordNamer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "CONNECT"]
    let method = methods[Int(bytes.first ?? 0) % methods.count]
    let target = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let path = PercentDecoding.decode(target.prefix { $0 != "?" })
    for hasDetails in [false, true] {
        let name = FixtureNamer.relativePath(
            method: method,
            path: path,
            matchDigest: "0123456789abcdef",
            hasDetails: hasDetails
        )
        RecordFolderCheck.expectInside(name, method: method, path: path)
    }
    return 0
}
