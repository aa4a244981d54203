import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Edit distance")
struct EditDistanceTests {
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test("the distance of known pairs")
    func known() {
        #expect(EditDistance.distance(scalars("kitten"), scalars("sitting")) == 3)
        #expect(EditDistance.distance(scalars(""), scalars("abc")) == 3)
        #expect(EditDistance.distance(scalars("Flaw"), scalars("lawn")) == 2)
        #expect(EditDistance.distance(scalars("kitten"), scalars("sitting"), limit: 3) == 3)
        #expect(EditDistance.distance(scalars("kitten"), scalars("sitting"), limit: 2) == nil)
        #expect(EditDistance.distance(scalars("é日本"), scalars("e日本"), limit: 1) == 1)
        #expect(EditDistance.similarity(scalars("Sound"), scalars("Sounds"), atLeast: 0.8) == 1 - 1.0 / 6)
        #expect(EditDistance.similarity(scalars("Sound"), scalars("Music"), atLeast: 0.8) == nil)
    }

    @Test("the bounded distance is the full one whenever that is within the limit, for every limit")
    func boundedAgreesWithFull() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = scalars("abcdé ")
        for _ in 0..<2000 {
            let a = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let b = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let full = EditDistance.distance(a, b)
            for limit in 0...12 {
                #expect(EditDistance.distance(a, b, limit: limit) == (full <= limit ? full : nil))
            }
            for threshold in [0.5, 0.75, 0.8, 1.0] {
                let similarity = EditDistance.similarity(a, b)
                #expect(EditDistance.similarity(a, b, atLeast: threshold) == (similarity >= threshold ? similarity : nil))
            }
        }
    }
}
