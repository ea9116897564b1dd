#if canImport(Glibc)
import Glibc
#endif

/// Gives memory the process has freed back to the system, where the allocator keeps it for reuse otherwise.
enum FreeMemory {
    /// glibc's `malloc_trim`, found at run time: the Glibc module does not export `<malloc.h>`.
    #if canImport(Glibc)
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
    #endif

    /// Returns the free pages of every malloc arena to the system (glibc); elsewhere the allocator does so itself.
    static func returnToSystem() {
        #if canImport(Glibc)
        _ = mallocTrim?(0)
        #endif
    }
}
