import SettingsL10nCore
import SettingsL10nExtract

extension Merger {
    /// What merging a table needs in every language, made once: each key's rank and each key
    /// prepared for fuzzy matching (in catalog order), and, made by the first language that needs
    /// them, the development language's text and the location comment above each string.
    struct SharedTableWork: Sendable {
        /// The development language's text and the location comments.
        struct Text: Sendable {
            let sourceText: [StringsKey: String]
            /// Why the development language's text is unknown: its table is there but the disk
            /// did not give it (`en.lproj/Root.strings cannot be read (…)`). Then the comments and
            /// fills made from it would be wrong (keys where the user sees words), and the tables
            /// that need them are left untouched.
            let unknown: String?
            /// The location comments' UTF-8, one after another, and where each lies: read in place
            /// by every thread, without retaining strings they all share.
            let locationBytes: [UInt8]
            let locationRanges: [Range<Int>]

            init(_ table: CatalogTable, sourceText: [StringsKey: String], unknown: String? = nil) {
                self.sourceText = sourceText
                self.unknown = unknown
                var bytes: [UInt8] = [], ranges: [Range<Int>] = []
                bytes.reserveCapacity(table.strings.count * 96)
                ranges.reserveCapacity(table.strings.count)
                for string in table.strings {
                    let start = bytes.count
                    GeneratedComment.appendLocation(string, to: &bytes, sourceText: { sourceText[StringsKey($0)] ?? $0 })
                    ranges.append(start..<bytes.count)
                }
                locationBytes = bytes
                locationRanges = ranges
            }

            /// The location comment of the string of rank `rank`.
            func location(_ rank: Int) -> String {
                String(decoding: locationBytes[locationRanges[rank]], as: UTF8.self)
            }
        }

        let ranks: [StringsKey: Int]
        /// `ranks`, for lookups from many threads at once.
        let rankIndex: KeyIndex
        let preparedKeys: [FuzzyMatch.Prepared?]
        /// The keys of the table the other host shows.
        let otherHostKeys: Set<StringsKey>
        /// The keys the schema holds only where no host shows them, with where (stale, and said why).
        let unshownKeys: [StringsKey: Occurrence]
        private let text: OnceValue<Text>

        /// - Parameter sourceText: reads the development language's table (key to text), or
        ///   says why it is unknown.
        init(_ table: CatalogTable, otherHostKeys: Set<StringsKey> = [], unshownKeys: [StringsKey: Occurrence] = [:],
             sourceText: @escaping @Sendable () -> (text: [StringsKey: String], unknown: String?)) {
            self.otherHostKeys = otherHostKeys
            self.unshownKeys = unshownKeys
            ranks = Dictionary(uniqueKeysWithValues: table.keys.enumerated().map { ($1, $0) })
            rankIndex = KeyIndex(ranks, numbering: table.keys)
            preparedKeys = table.keys.map { FuzzyMatch.Prepared($0.string) }
            text = OnceValue {
                let (source, unknown) = sourceText()
                return Text(table, sourceText: source, unknown: unknown)
            }
        }

        /// The development language's text and the location comments, made on first use.
        var sharedText: Text { text.value }

        /// The development language's text of a table's strings, as the device reads it (none
        /// where the table is missing: the device shows the keys), or why it is unknown: the
        /// table is there, but the disk did not give it, or it does not parse, or the device
        /// cannot read it. Its text is then the author's, in a file to mend, not its keys.
        static func sourceText(of table: String, in development: Localization?) -> (text: [StringsKey: String], unknown: String?) {
            guard let file = development?.table(named: table) else { return ([:], nil) }
            do {
                return (try file.deviceTable(), nil)
            } catch {
                switch error {
                case .unreadable(let path, let message): return ([:], "\(path) cannot be read (\(message))")
                case .malformed(let path, let syntax):
                    return ([:], "\(path) does not parse (\(syntax.position.map { "\($0.line):\($0.column ?? 1): " } ?? "")\(syntax.message))")
                case .linkOutsideBundle(let path): return ([:], "\(path) is a link out of the bundle, which settings-l10n does not read")
                case .misencoded, .propertyListForm:
                    return ([:], "\(error.path) cannot be read as the device reads it (\(error.message))")
                }
            }
        }
    }
}
