import Dispatch
import Foundation

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
    for _ in 0..<min(width, elements.count) {
        group.enter()
        let thread = Thread {
            while let index = work.take() { work.store(transform(elements[index]), at: index) }
            group.leave()
        }
        thread.start()
    }
    group.wait()
    return work.results.map { $0! }
}

/// The shared state of `blockingParallelMap`: the next element to take, and the results.
private final class BlockingWork<Result>: @unchecked Sendable {
    private let lock = NSLock()
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
