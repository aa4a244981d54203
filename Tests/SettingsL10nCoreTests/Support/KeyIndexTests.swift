import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Key index")
struct KeyIndexTests {
    @Test("answers as the dictionary it indexes does, keys told apart by code units")
    func agreesWithDictionary() {
        var generator = SeededGenerator(seed: 31)
        let pool: [StringsKey] = ["", "K", "\u{212A}", "é", "e\u{301}", "Sound", "Sounds", "a b", "自動", ";", "\u{37E}", "Version 1.2"]
        for _ in 0..<300 {
            var dictionary: [StringsKey: Int] = [:]
            for _ in 0..<Int(generator.next() % 40) {
                let key = generator.next() % 3 == 0 ? pool[Int(generator.next() % UInt64(pool.count))] : StringsKey("key \(generator.next() % 60)")
                dictionary[key] = Int(generator.next() % 1000)
            }
            let index = KeyIndex(dictionary)
            index.withLookup { lookup in
                for probe in pool + (0..<60).map({ StringsKey("key \($0)") }) {
                    #expect(lookup.value(of: probe) == dictionary[probe], "\(probe.debugDescription) in \(dictionary)")
                    var utf8 = probe.string
                    #expect(utf8.withUTF8(lookup.value(ofUTF8:)) == dictionary[probe], "\(probe.debugDescription) in \(dictionary)")
                    // Whatever key is expected, right or wrong, the answer is the dictionary's.
                    let expected = Int(generator.next() % 1_002) - 1
                    #expect(utf8.withUTF8 { lookup.value(ofUTF8: $0, expecting: expected) } == dictionary[probe], "\(probe.debugDescription) in \(dictionary)")
                    if let right = dictionary[probe] {
                        #expect(utf8.withUTF8 { lookup.value(ofUTF8: $0, expecting: right) } == right)
                    }
                }
            }
        }
    }

    @Test("keys Unicode calls equal but whose code units differ are two keys, as on the device (issue 47)")
    func codeUnits() {
        // The Kelvin sign and K, é precomposed (NFC) and decomposed (NFD): CFString tells them apart.
        KeyIndex(["\u{212A}": 7]).withLookup { #expect($0.value(of: "K") == nil) }
        KeyIndex(["K": 3]).withLookup { #expect($0.value(of: "\u{212A}") == nil) }
        KeyIndex([:]).withLookup { #expect($0.value(of: "K") == nil) }
        KeyIndex(["\u{212A}": 7]).withLookup { lookup in #expect(Array("K".utf8).withUnsafeBufferPointer(lookup.value(ofUTF8:)) == nil) }
        KeyIndex(["Caf\u{E9}": 1, "Cafe\u{301}": 2]).withLookup { lookup in
            #expect(lookup.value(of: "Caf\u{E9}") == 1)
            #expect(lookup.value(of: "Cafe\u{301}") == 2)
            #expect(Array("Cafe\u{301}".utf8).withUnsafeBufferPointer(lookup.value(ofUTF8:)) == 2)
        }
    }

    @Test("keys numbered in order are found by expecting the next one, in order or not")
    func expectedKeys() {
        var keys = (0..<200).map { StringsKey("Key \($0)") }
        keys[7] = "\u{212A}"
        keys[8] = "é"
        let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        // Made from the dictionary (sorted by value), or from the keys in order: the same answers.
        for index in [KeyIndex(dictionary), KeyIndex(dictionary, numbering: keys)] {
            index.withLookup { lookup in
                var expected = 0
                var found: [Int?] = []
                for probe in keys + ["\u{212A}", "é", "K", "e\u{301}", "Key 200", "Key 5"] {
                    let value = probe.withUTF8 { lookup.value(ofUTF8: $0, expecting: expected) }
                    found.append(value)
                    expected = (value ?? expected - 1) + 1
                }
                #expect(found == Array(0..<200) + [7, 8, nil, nil, nil, 5])
            }
        }
    }

    @Test("values past 32 bits are answered too (by the dictionary)")
    func largeValues() {
        let large = Int(Int32.max) + 5
        KeyIndex(["a": large, "b": 1]).withLookup { lookup in
            #expect(lookup.value(of: "a") == large)
            #expect(lookup.value(of: "b") == 1)
            #expect(lookup.value(of: "c") == nil)
        }
    }

    @Test("keys of every length up to 70 bytes, and keys that differ only in their middle, are told apart")
    func lengthsAndMiddles() {
        var dictionary: [StringsKey: Int] = [:]
        for length in 0...70 {
            // Same first and last eight bytes: only the middle tells them apart.
            for middle in ["x", "y", "z"] where length >= 3 {
                let key = StringsKey(String(repeating: "a", count: length / 2) + middle + String(repeating: "b", count: length - length / 2 - 1))
                dictionary[key] = dictionary.count
            }
            dictionary[StringsKey(String(repeating: "q", count: length))] = dictionary.count
        }
        for number in 0..<5000 { dictionary[StringsKey("SETTINGS_KEY_\(number)_TITLE")] = dictionary.count }
        KeyIndex(dictionary).withLookup { lookup in
            #expect(dictionary.filter { lookup.value(of: $0.key) != $0.value }.map(\.key) == [])
            #expect(lookup.value(of: "SETTINGS_KEY_5000_TITLE") == nil)
            #expect(lookup.value(of: StringsKey(String(repeating: "q", count: 71))) == nil)
            #expect(lookup.value(of: StringsKey("aaaw" + String(repeating: "b", count: 4))) == nil)
        }
    }
}
