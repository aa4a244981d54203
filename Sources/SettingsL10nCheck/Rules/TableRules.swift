import SettingsL10nCore
import SettingsL10nExtract

/// Rules about the `.lproj` tables.
enum TableRules {
    static let all: [any CheckRule] = [
        Syntax(), DuplicateKey(), KeyLookAlike(), EmptyValue(), ValueWhitespace(), MissingTranslation(), DevelopmentEntryMissing(), StaleKey(),
        TableMissing(), NeedsReview(), Notice(kind: .utf16WithoutByteOrderMark), Notice(kind: .unterminatedComment),
        Notice(kind: .emptyFile), GeneratedCommentOutdated(),
    ]

    /// What shows `string`: InAppSettingsKit where only `.inApp.plist` files use it (the Settings
    /// app never reads them), else the Settings app (said of InAppSettingsKit under `--in-app`).
    static func shower(of string: LocalizableString) -> String {
        let inAppOnly = !string.occurrences.isEmpty && string.occurrences.allSatisfy {
            SchemaFileName(fileName: String(BundlePath.splitLast($0.file).name))?.isInApp == true
        }
        return inAppOnly ? SettingsHost.inAppSettingsKit.displayName : SettingsHost.settingsApp.displayName
    }

    static func usedAt(_ string: LocalizableString) -> String {
        guard let occurrence = string.occurrences.first else { return "" }
        return " (used at \(occurrence.file)\(occurrence.position.map { ":\($0.line)" } ?? ""))"
    }

    struct Syntax: CheckRule {
        let id = RuleID.stringsSyntax
        let defaultSeverity = Severity.error
        let summary = "A .strings table does not parse; the line and column say where (the device drops the whole table, or after an entry stops reading there)."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            (context.tableFacts + context.topLevelFacts).flatMap { facts -> [Diagnostic] in
                if case .malformed(let path, let error)? = facts.problem {
                    return [diagnostic(error.message, file: path, position: error.position)]
                }
                // Text the device stops reading at: the entries above it are read, the rest not.
                return facts.notices.filter { $0.kind == .ignoredText }.map { diagnostic($0.message, file: facts.path, position: $0.position) }
            }
        }
    }

    struct DuplicateKey: CheckRule {
        let id = RuleID.duplicateKey
        let defaultSeverity = Severity.warning
        let summary = "A table has the same key twice; the device uses the last entry and ignores the others."
        let groupMessage: String? = "{count} keys are defined more than once; the device uses the last of each"
        /// Merge keeps the entry the device uses and removes the others.
        let fix: RuleFix? = RuleFix(command: "merge")

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.duplicates.map { entry, laterLine in
                    diagnostic("\(MessageText.quoted(entry.key)) is defined again at line \(laterLine), which the device uses; this entry is ignored",
                               file: facts.path, position: entry.position, key: entry.key)
                }
            }
        }
    }

    struct KeyLookAlike: CheckRule {
        let id = RuleID.keyLookAlike
        let defaultSeverity = Severity.warning
        let summary = "Two keys of a table look alike but are written with different characters (composed and decomposed, NFC and NFD): the device tells them apart."
        let groupMessage: String? = "{count} keys look like another key of their table but differ in their characters"

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.lookAlikes.map { entry, first, entryIsTracked, firstIsTracked in
                    let used = switch (entryIsTracked, firstIsTracked) {
                    case (true, _): "the schema uses this one, line \(entry.position.line); the other is stale"
                    case (false, true): "the schema uses the one at line \(first.position.line); this one is stale"
                    case (false, false): "the schema uses neither"
                    }
                    return diagnostic("\(MessageText.quoted(entry.key)) (\(TableRules.escaped(entry.key))) looks like \(MessageText.quoted(first.key)) (\(TableRules.escaped(first.key))) at line \(first.position.line), "
                                      + "but their characters differ: the device keeps two keys and matches only the one written as the schema writes it; \(used)",
                                      file: facts.path, position: entry.position, key: entry.key)
                }
            }
        }
    }

    /// `key` as a `.strings` file can write it in ASCII: every character outside ASCII as its
    /// `\U` escape (`Caf\U00E9`, `Cafe\U0301`), so that two look-alike keys read apart.
    /// At most `MessageText.quotedLimit` characters of the key, as quoting cuts a key.
    static func escaped(_ key: StringsKey) -> String {
        var text = ""
        for unit in key.string.utf16.prefix(MessageText.quotedLimit) {
            if unit >= 0x20, unit < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            } else {
                let hex = String(unit, radix: 16, uppercase: true)
                text += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return key.string.utf16.count > MessageText.quotedLimit ? text + "…" : text
    }

    struct EmptyValue: CheckRule {
        let id = RuleID.emptyValue
        let defaultSeverity = Severity.warning
        let summary = "An entry's value is empty, or only white space or invisible characters: the Settings app shows nothing where the string belongs."
        let groupMessage: String? = "{count} values are empty, so the Settings app shows nothing there"

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.emptyValues.map { entry in
                    diagnostic("the value of \(MessageText.quoted(entry.key)) is empty: the Settings app shows nothing there",
                               file: facts.path, position: entry.valuePosition, key: entry.key)
                } + facts.blankValues.map { entry in
                    diagnostic("the value of \(MessageText.quoted(entry.key)) is only white space or invisible characters: the Settings app shows nothing there",
                               file: facts.path, position: entry.valuePosition, key: entry.key)
                }
            }
        }
    }

    struct ValueWhitespace: CheckRule {
        let id = RuleID.valueWhitespace
        let defaultSeverity = Severity.warning
        let summary = "A value differs from its key only in white space (a stray space or line break)."
        let groupMessage: String? = "{count} values differ from their keys only in white space"

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.whitespaceValues.map { entry in
                    diagnostic("the value \(MessageText.quoted(entry.value ?? "")) differs from its key \(MessageText.quoted(entry.key)) only in white space",
                               file: facts.path, position: entry.valuePosition, key: entry.key)
                }
            }
        }
    }

    struct MissingTranslation: CheckRule {
        let id = RuleID.missingTranslation
        let defaultSeverity = Severity.warning
        let summary = "A language's table lacks a key the schema uses (or holds the source text put there by merge --fill source)."
        let groupMessage: String? = "{count} strings not translated"

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // The message of a missing key is the same in every language: made once per key,
            // by its place in its catalog table.
            var messages: [String: [String?]] = [:]
            var found: [Diagnostic] = []
            for coverage in context.coverage where !coverage.isDevelopmentLanguage && coverage.file == .present {
                for entry in coverage.filled {
                    found.append(diagnostic("\(MessageText.quoted(entry.key)) is not translated: it holds the source text, filled in by merge --fill source",
                                            file: coverage.path, position: entry.position, key: entry.key))
                }
                let missing = coverage.missing
                var cache = messages.removeValue(forKey: coverage.table) ?? [String?](repeating: nil, count: missing.table.strings.count)
                // By place: the catalog is shared with the rules running beside this one.
                missing.table.strings.withUnsafeBufferPointer { strings in
                    for position in missing.positions {
                        let message = cache[position] ?? {
                            let text = "\(MessageText.quoted(strings[position].key)) is not translated: \(TableRules.shower(of: strings[position])) shows it as written\(TableRules.usedAt(strings[position]))"
                            cache[position] = text
                            return text
                        }()
                        found.append(diagnostic(message, file: coverage.path, key: strings[position].key))
                    }
                }
                messages[coverage.table] = cache
            }
            return found
        }
    }

    struct DevelopmentEntryMissing: CheckRule {
        let id = RuleID.developmentEntryMissing
        let defaultSeverity = Severity.warning
        let summary = "The development language's table lacks a key the schema uses, or the table is missing (merge adds them, and makes the table); symbolic keys then show as written."
        let groupMessage: String? = "the development table lacks {count} keys the schema uses; run settings-l10n merge"
        let fix: RuleFix? = RuleFix(command: "merge")

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            let present = context.coverage.filter { $0.isDevelopmentLanguage && $0.file == .present }.flatMap { coverage in
                coverage.missing.positions.map { position in
                    let string = coverage.missing.table.strings[position]
                    return diagnostic("the development table lacks \(MessageText.quoted(string.key))\(TableRules.usedAt(string)); run settings-l10n merge",
                                      file: coverage.path, key: string.key)
                }
            }
            return present + missingTables(in: context)
        }

        /// The development tables merge would make: a table the development language's folder
        /// lacks, or every table when the bundle has no folder for it (not even one `.lproj`).
        private func missingTables(in context: CheckContext) -> [Diagnostic] {
            let tables: [(path: String, table: String, count: Int)]
            if context.development == nil {
                // merge makes <dev>.lproj; checked when the whole bundle or the development language is.
                let language = context.catalog.developmentLanguage
                // A bundle that keeps its tables at its top level is not localized: merge makes
                // no folder for it.
                guard context.checksWholeBundle || context.checksDevelopmentLanguage, !context.bundle.keepsTablesAtTopLevel(using: context.catalog.tableNames) else { return [] }
                tables = context.catalog.tables.map { ("\(language).lproj/\($0.name).strings", $0.name, $0.strings.count) }
            } else {
                tables = context.coverage.filter { $0.isDevelopmentLanguage && $0.file == .missing }.map { ($0.path, $0.table, $0.total) }
            }
            // Nor one a top-level table hides in every language (table-outside-lproj says what to do).
            let topLevel = Set(context.bundle.unlocalizedTables.map(\.name))
            return tables.filter { $0.count > 0 && !topLevel.contains($0.table) }.map { path, _, count in
                let folder = path.prefix { $0 != "/" }, name = path.drop { $0 != "/" }.dropFirst()
                return diagnostic("the development language has no \(folder)/\(name); settings-l10n merge creates it with the \(DiagnosticReport.count(count, "key")) the schema uses",
                                  file: path)
            }
        }
    }

    struct StaleKey: CheckRule {
        let id = RuleID.staleKey
        let defaultSeverity = Severity.warning
        let summary = "A table holds a key no row of the schema shows (stale): no schema file uses it, or only in a field no host shows (a slider's Title: key-ignored); merge moves it to the obsolete section, merge --prune removes it."
        let groupMessage: String? = "{count} keys no row of the schema shows (stale)"
        /// Merge only moves them to the obsolete section, where they stay live (and stale).
        let fix: RuleFix? = RuleFix(command: "merge --prune", noun: "stale key", verb: "removed")

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // A schema file that did not load may use any key: which are stale is unknown (merge
            // and import write nothing then, and --prune removes nothing).
            guard context.bundle.unloadedSchemaFiles.isEmpty else { return [] }
            return context.coverage.flatMap { coverage in
                // A key the schema holds where no host shows it (Specifier.shownFields): said so.
                let unshown = context.catalog.unshownKeys[coverage.table] ?? [:]
                return coverage.stale.map { entry in
                    guard !unshown.isEmpty, let use = unshown[entry.key] else {
                        return diagnostic(MessageText.message("no schema file uses ", quoting: entry.key.string, " (stale)"), file: coverage.path,
                                          position: entry.position, key: entry.key)
                    }
                    return diagnostic("the schema uses \(MessageText.quoted(entry.key)) only as \(use.unshownReason) (key-ignored) (stale)",
                                      file: coverage.path, position: entry.position, key: entry.key)
                }
            }
        }
    }

    struct TableMissing: CheckRule {
        let id = RuleID.tableMissing
        let defaultSeverity = Severity.warning
        let summary = "A language has no file for a table the schema uses: all its strings show untranslated."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // A language that lacks a table whose every string needs no translation loses nothing.
            // Its count is status's: the strings that need a translation (TranslationPolicy).
            // The development language's missing table is development-entry-missing: merge makes it.
            context.coverage.filter { $0.file == .missing && !$0.missing.isEmpty && !$0.isDevelopmentLanguage }.map { coverage in
                diagnostic("\(coverage.locale).lproj has no \(coverage.table).strings: the Settings app shows its \(coverage.missing.count) string\(coverage.missing.count == 1 ? "" : "s") untranslated",
                           file: coverage.path)
            }
        }
    }

    struct NeedsReview: CheckRule {
        let id = RuleID.needsReview
        let defaultSeverity = Severity.warning
        let summary = "A translation merge carried over from a slightly different old title, or imported unreviewed, waits for review."
        let groupMessage: String? = "{count} translations wait for review"

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.reviews.map { entry in
                    diagnostic("the translation of \(MessageText.quoted(entry.key)) needs review; remove the settings-l10n comment above it once checked",
                               file: facts.path, position: entry.position, key: entry.key)
                }
            } + TableRules.unmarkedCatalogReviews(in: context).map { review in
                diagnostic("the \(review.language) translation of \(MessageText.quoted(review.key)) needs review in the String Catalog; mark it reviewed in Xcode's catalog editor (or set its state to translated), then sync",
                           file: review.file, position: review.position, key: review.key)
            }
        }
    }

    /// The catalog's `needs_review` units whose table does not carry a review mark for the
    /// same key already (after `sync` it does: one finding, not two).
    private static func unmarkedCatalogReviews(in context: CheckContext) -> [CatalogReview] {
        guard !context.catalogReviews.isEmpty else { return [] }
        var marked: Set<StringsKey> = []
        for facts in context.tableFacts {
            let language = LanguageTag.bcp47(folderName: facts.locale)?.lowercased() ?? facts.locale
            for entry in facts.reviews { marked.insert(StringsKey(language + "\u{0}" + entry.key.string)) }
        }
        return context.catalogReviews.filter { review in
            !marked.contains(StringsKey((LanguageTag.bcp47(folderName: review.language)?.lowercased() ?? review.language) + "\u{0}" + review.key.string))
        }
    }

    /// A comment settings-l10n wrote that merge would write otherwise: `merge --check` fails on
    /// the table, so check says it too.
    struct GeneratedCommentOutdated: CheckRule {
        let id = RuleID.generatedCommentOutdated
        let defaultSeverity = Severity.warning
        let summary = "A comment settings-l10n wrote is out of date: a location comment no longer says where its string is shown, or a key the schema uses sits below the obsolete-section marker; merge rewrites it (merge --check fails until then)."
        let groupMessage: String? = "{count} settings-l10n comments are out of date; run settings-l10n merge"
        let fix: RuleFix? = RuleFix(command: "merge")

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.tableFacts.flatMap { facts in
                facts.outdatedLocations.map { entry, expected in
                    diagnostic("the settings-l10n comment above \(MessageText.quoted(entry.key)) no longer says where it is shown (\(expected.dropFirst(3).dropLast(3))); settings-l10n merge rewrites it",
                               file: facts.path, position: entry.position, key: entry.key)
                } + facts.liveBelowObsoleteMarker.map { entry, isSchemaString in
                    // A key only the other host shows, or one the app reads itself (keep), is live too.
                    diagnostic("\(isSchemaString ? "the schema uses \(MessageText.quoted(entry.key))" : "\(MessageText.quoted(entry.key)) is live (keep, or the other host shows it)"), but it is below the settings-l10n obsolete-section marker; settings-l10n merge moves it back",
                               file: facts.path, position: entry.position, key: entry.key)
                }
            }
        }
    }

    /// How the device reads a table differently from how it looks.
    struct Notice: CheckRule {
        let kind: StringsNotice.Kind

        var id: RuleID {
            switch kind {
            case .utf16WithoutByteOrderMark: .stringsEncoding
            case .unterminatedComment: .stringsUnterminatedComment
            case .emptyFile: .stringsEmptyFile
            // Reported by `Syntax`, whose finding it is: a table the device reads only in part.
            case .ignoredText: .stringsSyntax
            }
        }

        var defaultSeverity: Severity { kind == .utf16WithoutByteOrderMark ? .error : .warning }

        var summary: String {
            switch kind {
            case .utf16WithoutByteOrderMark: "A table is UTF-16 without a byte-order mark, which the device cannot read at all."
            case .unterminatedComment: "A /* comment never closes: the device ignores everything after it."
            case .emptyFile: "A table file is empty, which the device fails to read."
            case .ignoredText: "After an entry, a character that cannot start a key: the device ignores the rest of the file."
            }
        }

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            (context.tableFacts + context.topLevelFacts).flatMap { facts in
                facts.notices.filter { $0.kind == kind }.map { diagnostic($0.message, file: facts.path, position: $0.position) }
            }
        }
    }
}
