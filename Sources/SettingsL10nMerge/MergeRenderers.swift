import SettingsL10nCore

extension MergeResult {
    /// The report as JSON (`merge --format json`).
    public var json: JSONValue {
        .object([
            ("changed", .bool(reports.contains(where: \.changed))),
            ("outOfDate", .bool(reports.contains { $0.changed && !$0.layoutOnly })),
            ("tables", .array(reports.map { report in
                .object([
                    ("locale", .string(report.locale)),
                    ("table", .string(report.table)),
                    ("path", .string(report.path)),
                    ("developmentLanguage", .bool(report.isDevelopmentLanguage)),
                    ("changed", .bool(report.changed)),
                    ("created", .bool(report.created)),
                    ("layoutOnly", .bool(report.layoutOnly)),
                    ("fileExists", .bool(report.fileExists)),
                    ("kept", .integer(Int64(report.kept))),
                    ("added", .array(report.added.map(JSONValue.string))),
                    ("fuzzy", .array(report.fuzzy.map { .object([("key", .string($0.key)), ("from", .string($0.from))]) })),
                    ("fuzzyUncompared", .integer(Int64(report.fuzzyUncompared))),
                    ("filledFromApp", .array(report.filledFromApp.map {
                        .object([("key", .string($0.key)), ("origin", .string($0.origin)), ("exact", .bool($0.exact))])
                    })),
                    ("appLanguage", .optional(report.appLanguage)),
                    ("obsolete", .array(report.obsolete.map(JSONValue.string))),
                    ("pruned", .array(report.pruned.map(JSONValue.string))),
                    ("notPruned", .array(report.notPruned.map(JSONValue.string))),
                    ("notShown", .array(report.notShown.map {
                        .object([("key", .string($0.key)), ("file", .string($0.use.file)),
                                 ("line", $0.use.position.map { .integer(Int64($0.line)) } ?? .null),
                                 ("keyPath", .string($0.use.keyPath.description))])
                    })),
                    ("missing", .array(report.missing.map(JSONValue.string))),
                    ("duplicates", .array(report.duplicates.map {
                        .object([("key", .string($0.key)), ("line", .integer(Int64($0.position.line))), ("value", .optional($0.value))])
                    })),
                    ("error", .optional(report.problem)),
                ])
            })),
            ("error", .optional(refusal)),
        ])
    }

    /// Which of the app's languages filled keys of each folder (`--fill-from`), by folder name,
    /// each once.
    public var appLanguages: [(folder: String, language: String)] {
        var seen: Set<String> = []
        return reports.compactMap { report in
            guard let language = report.appLanguage, !report.filledFromApp.isEmpty, seen.insert(report.locale).inserted else { return nil }
            return (report.locale, language)
        }.sorted { $0.folder < $1.folder }
    }

    /// How many keys `--fill-from` filled, by where their translation came from, most first.
    public var appFillCounts: [(origin: String, count: Int)] {
        var counts: [String: Int] = [:]
        for report in reports {
            for fill in report.filledFromApp { counts[fill.origin, default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A short summary per locale and table, for people.
    public func summary(verb: String) -> String {
        reports.map { Self.summary(of: $0, verb: verb) }.joined() + summaryFooter
    }

    /// The lines of `summary` about one table (made on the thread that merged it, for a bundle
    /// of thousands of tables). Written as UTF-8 bytes and made a string once: where every table
    /// changes, appending piece by piece to a `String` took 4% of a `merge --check`.
    public static func summary(of report: TableMergeReport, verb: String) -> String {
        if let problem = report.problem {
            let position = report.problemPosition.map { ":\($0.line)" + ($0.column.map { ":\($0)" } ?? "") } ?? ""
            return "\(TerminalText.escaped(report.path))\(position): \(TerminalText.escaped(problem))\n"
        }
        var out: [UInt8] = []
        out.reserveCapacity(report.path.utf8.count + 96 + report.fuzzy.count * 64)
        // The path holds the folder's name, which may hold a line break: one field of the line.
        out.appendUTF8(TerminalText.escaped(report.path))
        out.appendUTF8(": ")
        var parts = 0
        func part(_ count: Int, _ text: StaticString, _ more: String = "") {
            guard count > 0 else { return }
            if parts > 0 { out.appendUTF8(", ") }
            parts += 1
            out.appendUTF8(count.grouped)
            text.withUTF8Buffer { out.append(contentsOf: $0) }
            out.appendUTF8(more)
        }
        part(report.kept, " kept")
        part(report.added.count, " added")
        part(report.fuzzy.count, " fuzzy (to review)")
        part(report.filledFromApp.count, " from the app", (report.appLanguage.map { "'s \($0)" } ?? "") + " (to review)")
        part(report.obsolete.count, " obsolete")
        part(report.pruned.count, " pruned")
        part(report.missing.count, " missing")
        part(report.duplicates.count, report.duplicates.count == 1 ? " duplicate removed" : " duplicates removed")
        if parts == 0 { out.appendUTF8("empty") }
        out.appendUTF8("; ")
        if report.created {
            out.appendUTF8(verb)
            out.appendUTF8(" (new file)")
        } else if report.changed {
            out.appendUTF8(verb)
            if report.layoutOnly { out.appendUTF8(" (order or line breaks only)") }
        } else {
            out.appendUTF8(report.fileExists ? "up to date" : "no file (merge --fill source creates it)")
        }
        out.append(UInt8(ascii: "\n"))
        for carry in report.fuzzy {
            // A line per carried-over key (thousands where every table changes).
            out.appendUTF8("  fuzzy: ")
            MessageText.appendQuoted(carry.key, to: &out)
            out.appendUTF8(" takes the translation of ")
            MessageText.appendQuoted(carry.from, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        if report.fuzzyUncompared > 0 {
            out.appendUTF8("  fuzzy: \(DiagnosticReport.count(report.fuzzyUncompared, "missing key")) not compared with the obsolete ones (too many pairs to compare; only keys equal but for case, spacing and final punctuation were paired): their translations stay under the obsolete keys\n")
        }
        if !report.notPruned.isEmpty {
            let shown = report.notPruned.prefix(DiagnosticReport.keysShown).map(MessageText.quoted).joined(separator: ", ")
                + (report.notPruned.count > DiagnosticReport.keysShown ? ", … (+\((report.notPruned.count - DiagnosticReport.keysShown).grouped))" : "")
            out.appendUTF8("  not pruned: \(shown): the configuration's ignore silences their stale-key finding (list the keys the app reads itself in keep)\n")
        }
        for unshown in report.notShown {
            // Why such a key is obsolete: nothing shows it (check: key-ignored), not that nothing uses it.
            out.appendUTF8("  not shown: ")
            MessageText.appendQuoted(unshown.key, to: &out)
            out.appendUTF8(" is only \(unshown.use.unshownReason) (key-ignored): \(report.pruned.contains(unshown.key) ? "pruned" : "obsolete")\n")
        }
        // A few by name; a table of a million repeats made as many lines (68 MB).
        for duplicate in report.duplicates.prefix(Self.duplicatesShown) {
            out.appendUTF8("  duplicate: \(MessageText.quoted(duplicate.key)) at line \(duplicate.position.line) was overridden by a later entry\n")
        }
        if report.duplicates.count > Self.duplicatesShown {
            out.appendUTF8("  duplicate: \((report.duplicates.count - Self.duplicatesShown).grouped) more entries were overridden by later ones (merge --format json lists each)\n")
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The duplicate entries the text report names one by one, per table.
    static let duplicatesShown = 20

    /// What to say when the merge kept obsolete keys `--prune` would remove: `merge --check`
    /// passes on them (merge would not change the tables), `check` reports them as `stale-key`
    /// (failing under `--strict`); `pruning` is the command line that removes them.
    /// `doubts`: the findings in the schema files that may be why the keys look unused
    /// (`Checker.pruneDoubts`), asked only when there are such keys: pruning waits for them.
    public func pruneHint(pruning: String, doubts: () -> [Diagnostic] = { [] }) -> String {
        let counts = reports.map(\.prunable).filter { $0 > 0 }
        guard !counts.isEmpty else { return "" }
        let keys = counts.reduce(0, +), tables = counts.count
        let found = doubts(), one = found.count == 1
        let until = found.isEmpty ? ""
            : " once the \(DiagnosticReport.counted(found)) in the schema files \(one ? "is" : "are") fixed (check lists \(one ? "it" : "them")): \(one ? "it" : "they") may be why \(keys == 1 ? "the key looks" : "the keys look") unused"
        return "\(keys.grouped) obsolete key\(keys == 1 ? "" : "s") kept in \(tables.grouped) table\(tables == 1 ? "" : "s") "
            + "(check reports \(keys == 1 ? "it" : "them") as stale-key); \(pruning) removes \(keys == 1 ? "it" : "them")\(until)\n"
    }

    /// The last lines of `summary`: what the app's translations filled (`--fill-from`).
    public var summaryFooter: String {
        var out = ""
        let languages = appLanguages
        if !languages.isEmpty {
            out += "filled from the app's languages: " + languages.map { "\(TerminalText.escaped($0.folder)).lproj from \(TerminalText.escaped($0.language))" }.joined(separator: ", ") + "\n"
        }
        let fills = appFillCounts
        if !fills.isEmpty {
            let total = fills.reduce(0) { $0 + $1.count }
            out += "\(total.grouped) missing translation\(total == 1 ? "" : "s") taken from the app, marked for review: "
                + fills.map { "\($0.count.grouped) from \(TerminalText.escaped($0.origin))" }.joined(separator: ", ") + "\n"
        }
        return out
    }
}
