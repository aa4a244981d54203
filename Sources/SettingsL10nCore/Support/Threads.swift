#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition variable (POSIX threads), for threads that hand work to each other.
/// Foundation's NSLock and NSCondition are the same thing, but on Linux linking Foundation (all
/// of the tool needs is in FoundationEssentials) cost every run 1.7 ms and 165 page faults
/// before `main`: `--version` took 7.3 ms, VLC's check 23.5 ms (21.7 ms without).
package final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Waits for a `broadcast`, the lock released meanwhile and held again on return. Wake-ups
    /// can be spurious: wait in a loop over the condition awaited.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    package func broadcast() {
        pthread_cond_broadcast(condition)
    }

    package func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Runs `body` on a new thread of its own, detached. Returns `false` when the system refuses a
/// thread (a process or memory limit); `body` then never runs.
package func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Start(body)).toOpaque()
    // The start routine takes an optional pointer everywhere (Darwin's pthread.h: `void *
    // _Nullable (* _Nonnull)(void * _Nullable)`; scripts/check-darwin-declarations compiles
    // this against it). The thread is an integer in glibc, a pointer in Darwin and musl.
    let routine: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    guard pthread_create(&thread, nil, routine, context) == 0 else {
        Unmanaged<Start>.fromOpaque(context).release()
        return false
    }
    #if canImport(Glibc)
    pthread_detach(thread)
    #else
    if let thread { pthread_detach(thread) }
    #endif
    return true
}

/// A value made the first time a thread asks for it, once, however many threads ask: those that
/// ask while it is being made wait for it. For work that only some runs need (merge --check
/// reports most tables without the comments a written table would carry).
package final class OnceValue<Value: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    package var value: Value {
        lock.withLock {
            if let made { return made }
            let value = make!()
            made = value
            make = nil
            return value
        }
    }
}

/// A value made on a thread of its own while the caller goes on (an import reads its documents
/// while the bundle loads); `value` waits for it. A `OnceValue` the thread asks for first: made by
/// the caller when the system refuses a thread, or when the caller asks before the thread starts.
package final class BackgroundValue<Value: Sendable>: Sendable {
    private let once: OnceValue<Value>

    package init(_ make: @escaping @Sendable () -> Value) {
        let once = OnceValue(make)
        self.once = once
        _ = startThread { _ = once.value }
    }

    package var value: Value { once.value }
}
