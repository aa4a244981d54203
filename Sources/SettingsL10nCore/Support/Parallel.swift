import Dispatch

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
