#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name of `entry`, as `readdir` returned it, read in place up to its NUL.
///
/// libc sizes each entry to its name, so an entry can end well before `sizeof(struct dirent)`; copying the whole
/// struct (what `entry.pointee.d_name` as a value does) reads past it, and crashed a process whose entry ended at the
/// end of a mapped page.
public func directoryEntryName(_ entry: UnsafePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
}
