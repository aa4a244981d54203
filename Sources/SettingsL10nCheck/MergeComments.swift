import SettingsL10nCore
import SettingsL10nExtract

/// What merge would write about one catalog table's strings that `check` compares a table
/// with, so that `check` finds what `merge --check` fails on (`generated-comment-outdated`):
/// the location comment above each string's entry, and the keys that are live without being
/// the table's strings (shown only by the other host, or kept by the configuration), which
/// merge moves out of the obsolete section.
struct MergeComments: Sendable {
    /// The hash of the location comment of each string of the table, and the development
    /// language's texts they are made with; made on first use.
    private let locations: OnceValue<(hashes: [UInt64], sourceText: [StringsKey: String])>?
    /// Keys live outside the catalog table: only the other host shows them, or `keep` names them.
    private let isLiveElsewhere: (@Sendable (StringsKey) -> Bool)?

    init() {
        locations = nil
        isLiveElsewhere = nil
    }

    /// - Parameter sourceText: reads the development language's table (key to text).
    init(_ table: CatalogTable, otherHostKeys: Set<StringsKey>, policy: TranslationPolicy, sourceText: @escaping @Sendable () -> [StringsKey: String]) {
        locations = OnceValue { () -> (hashes: [UInt64], sourceText: [StringsKey: String]) in
            let texts = sourceText()
            let hashes = table.strings.map { string in GeneratedComment.locationHash(string) { texts[StringsKey($0)] ?? $0 } }
            return (hashes, texts)
        }
        if otherHostKeys.isEmpty, policy.keep.isEmpty {
            isLiveElsewhere = nil
        } else {
            isLiveElsewhere = { key in otherHostKeys.contains(key) || policy.isKept(key) }
        }
    }

    /// The hash of the location comment merge writes above each string of the table (made on
    /// first use); `nil` when there are no comments to compare.
    var locationHashes: [UInt64]? { locations?.value.hashes }

    /// The location comment merge writes above the string at `position` of `table` (of
    /// comments that have `locationHashes`).
    func location(of table: CatalogTable, at position: Int) -> String {
        let made = locations!.value
        var bytes: [UInt8] = []
        GeneratedComment.appendLocation(table.strings[position], to: &bytes, sourceText: { made.sourceText[StringsKey($0)] ?? $0 })
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `key`, which is not one of the table's strings, is live all the same.
    func isLive(_ key: StringsKey) -> Bool {
        isLiveElsewhere?(key) ?? false
    }

    /// Whether some key outside the table's strings may be live.
    var hasLiveElsewhere: Bool { isLiveElsewhere != nil }
}
