import Foundation
import StandInSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, for lines a person or a harness reads: a reader that has gone away never
/// stops the process.
///
/// Writes go straight to the descriptor with `write(2)`. Once a write fails (the reader closed the pipe: `EPIPE`),
/// the stream drops everything written to it afterwards; a write that would block a non-blocking descriptor drops
/// that one line. SIGPIPE is ignored from the first use, so a closed pipe is an error to handle, not the end of the
/// process. Any thread may write; a line is written whole, never interleaved with another thread's.
public final class StandardStream: Sendable {
    /// Standard output.
    public static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// Standard error.
    public static let error = StandardStream(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    /// Whether a write has failed; also the lock that keeps one thread's bytes together.
    private let closed = Locked(false)

    /// A stream on `descriptor`, which the caller keeps open for as long as the stream is used.
    init(descriptor: Int32) {
        _ = Self.brokenPipesIgnored
        self.descriptor = descriptor
    }

    private static let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Whether the stream has stopped writing because its reader went away.
    public var isClosed: Bool { closed.withLock { $0 } }

    /// Writes `text` and a line break.
    public func writeLine(_ text: String) {
        write(bytes: Array((text + "\n").utf8))
    }

    /// Writes `bytes`, or nothing once the stream is closed.
    public func write(bytes: [UInt8]) {
        closed.withLock { closed in
            guard !closed else { return }
            closed = !bytes.withUnsafeBytes(writeAll)
        }
    }

    /// Writes every byte; false when the descriptor failed for good.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            }
        }
        return true
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
