import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Binary property lists")
struct BinaryPlistTests {
    private func binary(_ object: Any) throws -> [UInt8] {
        [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
    }

    @Test("a binary schema file made by Foundation loads with key paths and no lines")
    func schemaFile() throws {
        let object: [String: Any] = [
            "StringsTable": "Root",
            "PreferenceSpecifiers": [
                ["Type": "PSGroupSpecifier", "Title": "Sound", "FooterText": "Applies to all levels"],
                ["Type": "PSMultiValueSpecifier", "Title": "Difficulty", "Key": "difficulty",
                 "DefaultValue": 2, "Values": [1, 2, 3], "Titles": ["Easy", "Medium", "Hard"]],
                ["Type": "PSSliderSpecifier", "Key": "volume", "DefaultValue": 0.5,
                 "MinimumValue": 0, "MaximumValue": 1],
                ["Type": "PSToggleSwitchSpecifier", "Title": "Music", "Key": "music", "DefaultValue": true],
            ],
        ]
        let (root, format) = try PropertyListReader.read(try binary(object))
        #expect(format == .binary)
        let file = SchemaFile(path: "Root.plist", root: root, format: format)
        #expect(file.diagnostics.isEmpty)
        #expect(file.stringsTableName == "Root")
        #expect(file.specifiers.map(\.type) == [.group, .multiValue, .slider, .toggleSwitch])
        let titles = try #require(file.specifiers[1].field("Titles"))
        #expect(titles.elements.map(\.keyPath.description) == [
            "PreferenceSpecifiers[1].Titles[0]", "PreferenceSpecifiers[1].Titles[1]", "PreferenceSpecifiers[1].Titles[2]",
        ])
        #expect(titles.elements.map(\.value) == [.string("Easy"), .string("Medium"), .string("Hard")])
        #expect(titles.position == nil)
        #expect(file.specifiers[1].values == [.integer(1), .integer(2), .integer(3)])
        #expect(file.specifiers[2].defaultValue == .real(0.5))
        #expect(file.specifiers[3].defaultValue == .boolean(true))
        #expect(file.specifiers[0].footerText == "Applies to all levels")
    }

    @Test("scalars of every type survive", arguments: [
        ("string", PlistValue.string("héllo ✓")),
        ("ascii", .string("plain")),
        ("negative", .integer(-5)),
        ("large", .integer(Int64.max)),
        ("real", .real(1.25)),
        ("false", .boolean(false)),
        ("data", .data([9, 8])),
        ("date", .date(Date(timeIntervalSinceReferenceDate: 100))),
    ])
    func scalars(name: String, expected: PlistValue) throws {
        let object: Any = foundationObject(PlistNode(expected))
        let (root, _) = try PropertyListReader.read(try binary(["v": object]))
        #expect(root.value.dictionaryValue?["v"]?.value == expected)
    }

    /// A 44-byte... binary plist whose one array holds itself; it crashes PropertyListDecoder.
    static let selfReferencing: [UInt8] = {
        var bytes = Array("bplist00".utf8)
        bytes += [0xA1, 0x00]                  // object 0: an array of one element: object 0
        let offsetTable = bytes.count
        bytes += [0x08]                        // offset of object 0
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]      // trailer: offset size 1, reference size 1
        bytes += [0, 0, 0, 0, 0, 0, 0, 1]      // one object
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]      // top object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        return bytes
    }()

    @Test("a self-referencing array is a cycle error, not a stack overflow")
    func cycle() {
        #expect(throws: SyntaxError("the binary property list contains a cycle (object 0 contains itself)")) {
            try PropertyListReader.read(Self.selfReferencing)
        }
    }

    @Test("shared objects cannot expand without bound")
    func expansion() throws {
        // Object k is an array holding object k+1 twice: 2^40 values if expanded naively.
        let levels = 40
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x09]
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, UInt8(levels + 1), 0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect(throws: SyntaxError("the binary property list expands to more than 1000 values")) {
            try PropertyListReader.read(bytes, limits: ReadLimits(maximumValueCount: 1000))
        }
    }

    @Test("nesting is bounded")
    func depth() throws {
        var object: Any = "leaf"
        for _ in 0..<300 { object = [object] }
        #expect(throws: SyntaxError("nesting deeper than 128 levels")) {
            try PropertyListReader.read(try binary(object))
        }
    }

    @Test("truncated and corrupt files are errors", arguments: [
        (Array("bplist00".utf8), "the binary property list is truncated (8 bytes)"),
        (Array("bplist01".utf8) + [UInt8](repeating: 0, count: 40), "unsupported binary property list version \"bplist01\"; only bplist00 is read"),
        (Array("bplist00".utf8) + [UInt8](repeating: 0, count: 32), "the binary property list has invalid offset or reference sizes"),
    ])
    func corrupt(bytes: [UInt8], message: String) {
        #expect(throws: SyntaxError(message)) { try PropertyListReader.read(bytes) }
    }

    @Test("every truncation of a valid file is an error, never a crash")
    func truncations() throws {
        let bytes = try binary(["PreferenceSpecifiers": [["Type": "PSGroupSpecifier", "Title": "Ünïcode"]], "n": 3])
        // Shorter than "bplist", the bytes are text: "bpl" is an OpenStep string.
        for length in [0] + Array(6..<bytes.count) {
            #expect(throws: (any Error).self) { try PropertyListReader.read(Array(bytes.prefix(length))) }
        }
        for index in 8..<bytes.count {
            // Every single-byte corruption either reads or fails cleanly.
            var corrupted = bytes
            corrupted[index] ^= 0xFF
            _ = try? PropertyListReader.read(corrupted)
        }
    }
}
