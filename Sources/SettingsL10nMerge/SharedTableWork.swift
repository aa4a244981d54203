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
            /// Why no fill can be made from it: the device cannot read the table (it does not
            /// parse, is UTF-16 without a byte-order mark, or links out of the bundle), so it
            /// shows the keys, and the comments name them as it shows them; but the author's text
            /// is in the file to mend, and no fill takes a key for it.
            let unreadByDevice: String?
            /// The location comments' UTF-8, one after another, and where each lies: read in place
            /// by every thread, without retaining strings they all share.
            let locationBytes: [UInt8]
            let locationRanges: [Range<Int>]

            init(_ table: CatalogTable, sourceText: [StringsKey: String], unknown: String? = nil, unreadByDevice: String? = nil) {
                self.sourceText = sourceText
                self.unknown = unknown
                self.unreadByDevice = unreadByDevice
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
             sourceText: @escaping @Sendable () -> SourceText) {
            self.otherHostKeys = otherHostKeys
            self.unshownKeys = unshownKeys
            ranks = Dictionary(uniqueKeysWithValues: table.keys.enumerated().map { ($1, $0) })
            rankIndex = KeyIndex(ranks, numbering: table.keys)
            preparedKeys = table.keys.map { FuzzyMatch.Prepared($0.string) }
            text = OnceValue {
                let source = sourceText()
                return Text(table, sourceText: source.text, unknown: source.unknown, unreadByDevice: source.unreadByDevice)
            }
        }

        /// The development language's text and the location comments, made on first use.
        var sharedText: Text { text.value }

        /// The development language's text of a table, as far as it is known.
        struct SourceText: Sendable {
            /// Key to text, as the device reads the table (none where it reads none: it shows the keys).
            var text: [StringsKey: String] = [:]
            /// Why no comment or fill can be made from it (`Text.unknown`).
            var unknown: String?
            /// Why no fill can be made from it (`Text.unreadByDevice`).
            var unreadByDevice: String?
        }

        /// The development language's text of a table's strings, as the device reads it (none
        /// where the table is missing: the device shows the keys), and why it is not known where
        /// the table is there: the disk did not give it, or the device cannot read it.
        static func sourceText(of table: String, in development: Localization?) -> SourceText {
            // A folder that was not read (a dangling link, a pipe, a link out of the bundle, a
            // listing that failed) may hold the table: its text is unknown, not absent.
            if let development, let problem = development.listingProblem {
                return SourceText(unknown: "\(development.folder) could not be listed (\(problem))")
            }
            guard let file = development?.table(named: table) else { return SourceText() }
            do {
                return SourceText(text: try file.deviceTable())
            } catch {
                switch error {
                case .unreadable(let path, let message): return SourceText(unknown: "\(path) cannot be read (\(message))")
                case .malformed(let path, let syntax):
                    return SourceText(unreadByDevice: "\(path) does not parse (\(syntax.position.map { "\($0.line):\($0.column ?? 1): " } ?? "")\(syntax.message))")
                case .linkOutsideBundle(let path): return SourceText(unreadByDevice: "\(path) is a link out of the bundle, which settings-l10n does not read")
                case .misencoded, .propertyListForm:
                    return SourceText(unreadByDevice: "\(error.path) cannot be read as the device reads it (\(error.message))")
                }
            }
        }
    }
}
