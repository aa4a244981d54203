import Foundation
import Testing
@testable import SettingsL10nCore

@Suite("Parallel work")
struct ParallelTests {
    @Test("parallelMap keeps the elements' order")
    func mapOrder() {
        #expect(parallelMap(Array(0..<1000)) { $0 * 2 } == (0..<1000).map { $0 * 2 })
        #expect(parallelMap([Int]()) { $0 } == [])
    }

    @Test("parallelStream hands every result over once, in order, however long each takes")
    func streamOrder() {
        var consumed: [Int] = []
        // Later elements finish first: the consumer still sees them in order.
        parallelStream(Array(0..<300), window: 8, { index in
            if index % 7 == 0 { usleep(200) }
            return index * index
        }, consume: { consumed.append($0) })
        #expect(consumed == (0..<300).map { $0 * $0 })
    }

    @Test("parallelStream never runs more than its window ahead of the consumer")
    func streamWindow() {
        let ahead = Counter()
        var consumedCount = 0
        parallelStream(Array(0..<200), window: 4, { index in
            ahead.record(index)
            return index
        }, consume: { index in
            #expect(index == consumedCount)
            consumedCount += 1
            // Slow consumer: the workers fill the window and wait.
            usleep(100)
            #expect(ahead.highest < consumedCount + 4)
        })
        #expect(consumedCount == 200)
    }

    @Test("an error of the consumer stops the stream and is rethrown")
    func streamError() {
        struct Stop: Error {}
        let started = Counter()
        var consumed: [Int] = []
        #expect(throws: Stop.self) {
            try parallelStream(Array(0..<10_000), window: 4, { index in
                started.record(index)
                return index
            }, consume: { index in
                if index == 10 { throw Stop() }
                consumed.append(index)
            })
        }
        #expect(consumed == Array(0..<10))
        // Nothing past the window after the failing element was started.
        #expect(started.highest < 10 + 1 + 4)
    }

    /// The highest element index workers have started, across threads.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = -1
        var highest: Int { lock.withLock { value } }
        func record(_ index: Int) { lock.withLock { value = max(value, index) } }
    }
}
