#if os(Linux)
import URLSessionHostFix
#endif

/// Whether the recorder's memory grows with every proxied request on this build.
///
/// On Linux, FoundationNetworking of the Swift 6.3 toolchains keeps about 150 to 190 bytes of every URL it is given.
/// StandIn links a corrected copy of the function at fault (target URLSessionHostFix), which takes the library's
/// place when the Swift runtime is linked dynamically; a build with a static Swift runtime keeps the library's own.
public enum UpstreamMemory {
    public static var growsPerRequest: Bool {
        #if os(Linux)
        return !standin_url_session_host_fix_is_active()
        #else
        return false
        #endif
    }
}
