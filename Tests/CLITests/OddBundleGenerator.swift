import Foundation
import SettingsL10nTestSupport

/// Writes odd-but-real Settings bundles, each shape drawn from a seed: child panes in a folder
/// (LicensePlist's layout), device-only roots, Base-only development, a data plist, misspelled
/// and real language folders, and tables in every encoding real bundles ship.
struct OddBundleGenerator {
    enum Encoding: CaseIterable {
        case utf8, utf8BOM, utf16LEBOM, utf16BEBOM, utf16LE, utf16BE, macRoman, empty

        func encode(_ text: String) -> Data {
            switch self {
            case .utf8: Data(text.utf8)
            case .utf8BOM: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
            case .utf16LEBOM: Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
            case .utf16BEBOM: Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!
            case .utf16LE: text.data(using: .utf16LittleEndian)!
            case .utf16BE: text.data(using: .utf16BigEndian)!
            // Valid UTF-8 only where the table holds no letter outside ASCII.
            case .macRoman: text.data(using: .macOSRoman)!
            case .empty: Data()
            }
        }
    }

    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
    }

    /// What a generated bundle holds, for the test's messages.
    struct Shape: CustomStringConvertible {
        var seed: UInt64
        var features: [String] = []
        var description: String { "seed \(seed): " + features.joined(separator: ", ") }
    }

    static let translations: [String: [String: String]] = [
        "de": ["General": "Allgemein", "Sounds": "Töne", "Volume": "Lautstärke", "Licenses": "Lizenzen", "Open-source licenses": "Quelloffene Lizenzen",
               "Alpha": "Alpha (Bibliothek)", "Alpha is free software.": "Alpha ist freie Software.", "Speed": "Geschwindigkeit", "Slow": "Langsam", "Fast": "Schnell"],
        "fr": ["General": "Général", "Sounds": "Sons", "Volume": "Volume sonore", "Licenses": "Licences", "Open-source licenses": "Licences libres",
               "Alpha": "Alpha (bibliothèque)", "Alpha is free software.": "Alpha est un logiciel libre.", "Speed": "Vitesse", "Slow": "Lent", "Fast": "Rapide"],
        "pt_BR": ["General": "Geral", "Sounds": "Sons", "Volume": "Volume do som", "Licenses": "Licenças", "Open-source licenses": "Licenças abertas",
                  "Alpha": "Alpha (biblioteca)", "Alpha is free software.": "Alpha é software livre.", "Speed": "Velocidade", "Slow": "Lento", "Fast": "Rápido"],
    ]

    private static func entry(_ type: String, _ fields: String) -> String {
        "\t\t<dict><key>Type</key><string>\(type)</string>\(fields)</dict>\n"
    }

    /// Writes the bundle for `seed` into `folder/Settings.bundle`.
    static func write(seed: UInt64, into folder: TemporaryFolder) throws -> Shape {
        var random = Random(state: seed)
        var shape = Shape(seed: seed)
        let subfolder = random.chance(60), licensesTable = random.pick(["Root", "Acknowledgements"])
        var root = entry("PSGroupSpecifier", "<key>Title</key><string>General</string>")
            + entry("PSToggleSwitchSpecifier", "<key>Title</key><string>Sounds</string><key>Key</key><string>sounds</string><key>DefaultValue</key><true/>")
            + entry("PSMultiValueSpecifier", "<key>Title</key><string>Speed</string><key>Key</key><string>speed</string><key>DefaultValue</key><integer>1</integer>"
                    + "<key>Values</key><array><integer>1</integer><integer>2</integer></array><key>Titles</key><array><string>Slow</string><string>Fast</string></array>")
        if subfolder {
            root += entry("PSChildPaneSpecifier", "<key>Title</key><string>Licenses</string><key>File</key><string>Licenses/Acknowledgements</string>")
            try folder.write("Settings.bundle/Licenses/Acknowledgements.plist", xmlSchema(
                entry("PSGroupSpecifier", "<key>Title</key><string>Open-source licenses</string>")
                + entry("PSChildPaneSpecifier", "<key>Title</key><string>Alpha</string><key>File</key><string>Licenses/Alpha</string>"), stringsTable: licensesTable))
            try folder.write("Settings.bundle/Licenses/Alpha.plist", xmlSchema(
                entry("PSGroupSpecifier", "<key>FooterText</key><string>Alpha is free software.</string>"), stringsTable: licensesTable))
            shape.features.append("subfolder panes (table \(licensesTable))")
        }
        if random.chance(30) {
            try folder.write("Settings.bundle/Root~iphone.plist", xmlSchema(root))
            try folder.write("Settings.bundle/Root~ipad.plist", xmlSchema(root + entry("PSSliderSpecifier",
                "<key>Key</key><string>volume</string><key>DefaultValue</key><real>0.5</real><key>MinimumValue</key><real>0</real><key>MaximumValue</key><real>1</real>")))
            shape.features.append("device-only roots")
        } else {
            try folder.write("Settings.bundle/Root.plist", xmlSchema(root))
        }
        if random.chance(30) {
            try folder.write("Settings.bundle/Data.plist", "<plist><dict><key>StringsTable</key><string>Root</string><key>Servers</key><array/></dict></plist>")
            shape.features.append("a data plist")
        }
        if random.chance(30) {
            try folder.write("Settings.bundle/da-lproj/Root.strings", "\"General\" = \"Generelt\";\n")
            shape.features.append("a misspelled folder")
        }
        let development = random.chance(25) ? "Base" : "en"
        shape.features.append("development in \(development).lproj")
        let rootKeys = ["General", "Sounds", "Speed", "Slow", "Fast"] + (subfolder ? ["Licenses"] : [])
        let licenseKeys = subfolder ? ["Open-source licenses", "Alpha", "Alpha is free software."] : []
        var tables: [String: [String]] = ["Root": rootKeys + (licensesTable == "Root" ? licenseKeys : [])]
        if licensesTable != "Root", subfolder { tables[licensesTable] = licenseKeys }
        let others = translations.keys.sorted().filter { _ in random.chance(70) }.map { ($0, translations[$0]) }
        for (language, texts) in [(development, nil)] + others {
            for (table, keys) in tables.sorted(by: { $0.key < $1.key }) {
                var chosen = keys.filter { _ in random.chance(85) }
                if random.chance(30) { chosen.append("Stale key \(random.next() % 100)") }
                let body = chosen.map { key in "\"\(key)\" = \"\(texts?[key] ?? key)\";\n" }.joined()
                // The development table is readable: the invariants are about the others.
                let encoding: Encoding = texts == nil ? random.pick([.utf8, .utf8BOM, .utf16LEBOM]) : random.pick(Encoding.allCases)
                try folder.write("Settings.bundle/\(language).lproj/\(table).strings", [UInt8](encoding.encode(body)))
                shape.features.append("\(language)/\(table) \(encoding)")
            }
        }
        return shape
    }
}
