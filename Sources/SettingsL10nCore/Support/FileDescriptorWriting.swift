#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writing to an open file descriptor, for the bundle writer and the command's standard streams.
package enum FileDescriptorWriting {
    /// Writes all of `buffer` to `descriptor`, going on after short writes and interrupted calls.
    /// - Returns: 0 when everything was written, or the `errno` of the call that failed.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            let count = systemWrite(descriptor, base + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }
}
