#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import Dispatch

/// The cores the work can use.
package var activeCores: Int { ProcessInfo.processInfo.activeProcessorCount }

/// `transform` applied to every element, on all cores, results in order. Each call touches
/// only its own element and its own result slot.
package func parallelMap<Element: Sendable, Result: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
    if elements.count < 2 { return elements.map(transform) }
    let results = UnsafeMutablePointer<Result?>.allocate(capacity: elements.count)
    results.initialize(repeating: nil, count: elements.count)
    defer {
        results.deinitialize(count: elements.count)
        results.deallocate()
    }
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        slots[index] = transform(elements[index])
    }
    return (0..<elements.count).map { results[$0]! }
}

/// `transform` applied to every element on `width` threads of their own, for work that mostly
/// waits on the system (flushing files to disk): more of it can wait at once than there are
/// cores, which `parallelMap` would not start. Results keep the elements' order.
package func blockingParallelMap<Element: Sendable, Result: Sendable>(_ elements: [Element], width: Int = 8,
                                                                      _ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
    if elements.count < 2 || width < 2 { return elements.map(transform) }
    let work = BlockingWork<Result>(count: elements.count)
    let group = DispatchGroup()
    for _ in 1..<min(width, elements.count) {
        group.enter()
        let started = startThread {
            while let index = work.take() { work.store(transform(elements[index]), at: index) }
            group.leave()
        }
        if !started { group.leave() }
    }
    // The calling thread works too, so that the work ends even when no thread could start.
    while let index = work.take() { work.store(transform(elements[index]), at: index) }
    group.wait()
    return work.results.map { $0! }
}

/// The shared state of `blockingParallelMap`: the next element to take, and the results.
private final class BlockingWork<Result>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var next = 0
    private(set) var results: [Result?]

    init(count: Int) {
        results = [Result?](repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }
}

/// `transform` applied to every element on all cores, each result handed to `consume` on the
/// calling thread in the elements' order, as soon as it and those before it are done: the
/// cores never wait for a batch to finish, and consuming (printing, writing) overlaps the work.
/// At most `window` results wait to be consumed, which bounds the memory. When `consume`
/// throws, the threads stop after the elements they hold and the error is rethrown.
package func parallelStream<Element: Sendable, Result: Sendable>(_ elements: [Element], window: Int = 64,
                                                                 _ transform: @escaping @Sendable (Element) -> Result,
                                                                 consume: (Result) throws -> Void) rethrows {
    let width = min(activeCores, elements.count)
    if width < 2 {
        for element in elements { try consume(transform(element)) }
        return
    }
    let stream = StreamWork<Result>(count: elements.count, window: max(window, width))
    let group = DispatchGroup()
    var started = 0
    for _ in 0..<width {
        group.enter()
        if startThread({
            while let index = stream.take() { stream.store(transform(elements[index]), at: index) }
            group.leave()
        }) {
            started += 1
        } else {
            group.leave()
        }
    }
    if started == 0 {
        // The system gave no thread (a process limit): the work runs here, in order.
        for element in elements { try consume(transform(element)) }
        return
    }
    defer {
        stream.stop()
        group.wait()
    }
    for index in elements.indices {
        try consume(stream.result(at: index))
    }
}

/// The shared state of `parallelStream`: the next element to take, and a ring of results that
/// wait for the consumer. Threads are woken only when what they wait for is there: the consumer,
/// once a few results are ready (one wake-up per element would cost more than small elements).
private final class StreamWork<Result>: @unchecked Sendable {
    private let condition = ConditionLock()
    private let count: Int
    private var next = 0
    /// Results before this index are consumed; their slots are free.
    private var consumed = 0
    private var stopped = false
    private var ring: [Result?]
    /// The element whose result wakes the consumer, or -1 when it is not waiting.
    private var wakeAt = -1
    private var waitingWorkers = 0

    init(count: Int, window: Int) {
        self.count = count
        ring = [Result?](repeating: nil, count: window)
    }

    /// The next element to transform, once its slot is free; `nil` when there is none left.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, next < count, next - consumed >= ring.count {
            waitingWorkers += 1
            condition.wait()
            waitingWorkers -= 1
        }
        guard !stopped, next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        ring[index % ring.count] = result
        if index == wakeAt { condition.broadcast() }
        condition.unlock()
    }

    /// The result of element `index` (the one after the last consumed), once it is done.
    func result(at index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while ring[index % ring.count] == nil {
            // Wait for a few results at once (the element a quarter of the window on).
            wakeAt = min(index + max(0, ring.count / 4 - 1), count - 1)
            if ring[wakeAt % ring.count] != nil, wakeAt - index < ring.count { wakeAt = index }
            condition.wait()
        }
        wakeAt = -1
        let result = ring[index % ring.count]!
        ring[index % ring.count] = nil
        consumed = index + 1
        if waitingWorkers > 0 { condition.broadcast() }
        return result
    }

    /// No element is taken after this.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
