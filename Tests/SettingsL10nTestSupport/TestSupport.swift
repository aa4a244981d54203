import Foundation
import Testing
import SettingsL10nCore

/// Paths the tests use.
package enum TestPaths {
    /// The package root (two levels above this file's folder).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Corpus`: real bundles and catalogs nobody on the project wrote (`SOURCES.md`).
    package static let corpusRoot: URL = packageRoot.appendingPathComponent("Tests/Corpus")

    /// Bundles under permissive licences, committed with their licence files.
    package static let vendoredCorpus: URL = corpusRoot.appendingPathComponent("bundles")

    /// Bundles under copyleft licences, never committed: `scripts/fetch-corpus` brings them here
    /// from the pinned list `Tests/Corpus/pins.json`. Only the field suites (`*FieldTests`) read them.
    package static let fetchedCorpus: URL = corpusRoot.appendingPathComponent("fetched")

    /// The copyleft bundles `scripts/fetch-corpus` brings, by the name tests use.
    package static let fetchedBundleNames = [
        "BelledonneCommunications__linphone-iphone/Settings__InAppSettings.bundle@c02dcc754e",
        "meshtastic__Meshtastic-Apple/Settings.bundle",
        "threema-ch__threema-ios/Settings.bundle",
        "videolan__vlc-ios/Resources__iOS__Settings.bundle",
    ]

    /// Whether every fetched bundle is in place (`Requirement.fetchedCorpus`).
    package static var fetchedCorpusExists: Bool {
        fetchedBundleNames.allSatisfy { FileManager.default.fileExists(atPath: fetchedCorpus.appendingPathComponent($0).path) }
    }

    /// VLC's bundle (fetched): 62 locales, UTF-16 tables, symbolic keys.
    package static let vlc: URL = fetchedCorpus.appendingPathComponent("videolan__vlc-ios/Resources__iOS__Settings.bundle")

    /// A corpus bundle or file by its name (`<owner>__<repo>/<path>`), vendored or fetched.
    package static func corpus(_ name: String) -> URL {
        let owner = String(name.prefix { $0 != "/" })
        let fetched = fetchedBundleNames.contains { $0.hasPrefix(owner + "/") }
        return (fetched ? fetchedCorpus : vendoredCorpus).appendingPathComponent(name)
    }

    /// The real String Catalog (Cizzuk/CSE, MIT), vendored.
    package static let realCatalog: URL = corpusRoot.appendingPathComponent("xcstrings/Cizzuk__CSE/Localizable.xcstrings")

    /// The SARIF 2.1.0 schema (OASIS), vendored unmodified with its notice.
    package static let sarifSchema: URL = corpusRoot.appendingPathComponent("schemas/sarif-schema-2.1.0.json")

    /// GitLab's Code Quality schema and the JUnit XML schema of Jenkins' xUnit plugin, vendored
    /// with their licences (`Tests/Corpus/SOURCES.md`).
    package static let gitlabSchema: URL = corpusRoot.appendingPathComponent("report-schemas/gitlab/codeclimate.json")
    package static let junitSchema: URL = corpusRoot.appendingPathComponent("report-schemas/junit/junit-10.xsd")

    /// The JSON Schemas of the configuration and the baseline (`schemas/`).
    package static let configurationSchema: URL = packageRoot.appendingPathComponent("schemas/settings-l10n.schema.json")
    package static let baselineSchema: URL = packageRoot.appendingPathComponent("schemas/baseline.schema.json")

    package static let exampleBundle: URL = packageRoot.appendingPathComponent("Resources/Settings.bundle")

    /// Every vendored corpus bundle, by name (`corpus(_:)` finds it): what the default tests
    /// run over, on any clone, offline.
    package static func corpusBundles() -> [String] {
        bundleNames(in: vendoredCorpus)
    }

    /// The fetched (copyleft) bundles, for the field suites: their names where they are in place;
    /// in CI without them, one placeholder name that no bundle has, so that each test over them
    /// fails, naming it, instead of quietly running on less.
    package static func fieldBundles() -> [String] {
        if fetchedCorpusExists { return fetchedBundleNames }
        return Requirement.inCI ? ["fetched-corpus-absent: run scripts/fetch-corpus"] : []
    }

    /// The `*.bundle` folders under `root`, as paths relative to it.
    package static func bundleNames(in root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var bundles: [String] = []
        while let path = enumerator.nextObject() as? String {
            if URL(fileURLWithPath: path).lastPathComponent.contains(".bundle"),
               !path.contains(".bundle/") {
                bundles.append(path)
                enumerator.skipDescendants()
            }
        }
        return bundles.sorted()
    }
}

/// A folder under the system's temporary folder, removed when the value is released.
package final class TemporaryFolder {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("settings-l10n-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    package var path: String { url.path }

    /// Writes `contents` at `relative`, creating folders as needed.
    @discardableResult
    package func write(_ relative: String, _ contents: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: file)
        return file
    }

    @discardableResult
    package func write(_ relative: String, _ text: String) throws -> URL {
        try write(relative, Array(text.utf8))
    }

    /// Creates an empty file in the folder `relative` whose name is `name`'s bytes as they are
    /// (not necessarily UTF-8, which `FileManager` would insist on).
    package func createFile(in relative: String, rawName name: [UInt8]) {
        let path = Array((url.appendingPathComponent(relative).path + "/").utf8) + name + [0]
        let descriptor = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        precondition(descriptor >= 0, "cannot create the file")
        close(descriptor)
    }

    package func symlink(_ relative: String, to destination: String) throws {
        let link = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }
}

/// Encodes text as UTF-16 bytes.
package func utf16Bytes(_ text: String, bigEndian: Bool = false, byteOrderMark: Bool = true) -> [UInt8] {
    DecodedText.encode(text, as: bigEndian ? .utf16BigEndian : .utf16LittleEndian, byteOrderMark: byteOrderMark)
}

/// A minimal XML schema file around the given `PreferenceSpecifiers` dictionaries.
package func xmlSchema(_ specifiers: String, stringsTable: String? = "Root") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(stringsTable.map { "\t<key>StringsTable</key>\n\t<string>\($0)</string>\n" } ?? "")\t<key>PreferenceSpecifiers</key>
    \t<array>
    \(specifiers)
    \t</array>
    </dict>
    </plist>

    """
}

/// A child pane specifier in XML.
package func childPane(title: String, file: String) -> String {
    """
    \t\t<dict>
    \t\t\t<key>Type</key>
    \t\t\t<string>PSChildPaneSpecifier</string>
    \t\t\t<key>Title</key>
    \t\t\t<string>\(title)</string>
    \t\t\t<key>File</key>
    \t\t\t<string>\(file)</string>
    \t\t</dict>
    """
}

/// A group specifier in XML.
package func groupSpecifier(_ title: String) -> String {
    "\t\t<dict>\n\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>\(title)</string>\n\t\t</dict>\n"
}

/// A deterministic random number generator (SplitMix64), for property tests that fail the same way twice.
package struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fixture edit that did not apply: the text to replace is not in the file (the fixture
/// changed), so the test would check something else than it means to.
package struct FixtureEditFailed: Error, CustomStringConvertible {
    package var description: String
}

/// Replaces the one occurrence of `old` in the UTF-8 file at `file` with `new`.
/// - Throws: `FixtureEditFailed` when `old` occurs there not exactly once.
package func replaceOnce(in file: URL, _ old: String, with new: String) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    let count = text.components(separatedBy: old).count - 1
    guard count == 1 else {
        throw FixtureEditFailed(description: "\(file.lastPathComponent) holds \(old.debugDescription) \(count) times, not once: the fixture changed; fix the test's edit")
    }
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
}
