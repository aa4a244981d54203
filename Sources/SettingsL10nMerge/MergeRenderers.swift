import SettingsL10nCore

extension MergeResult {
    /// The report as JSON (`merge --format json`).
    public var json: JSONValue {
        .object([
            ("changed", .bool(reports.contains(where: \.changed))),
            ("tables", .array(reports.map { report in
                .object([
                    ("locale", .string(report.locale)),
                    ("table", .string(report.table)),
                    ("path", .string(report.path)),
                    ("developmentLanguage", .bool(report.isDevelopmentLanguage)),
                    ("changed", .bool(report.changed)),
                    ("created", .bool(report.created)),
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
    /// of thousands of tables).
    public static func summary(of report: TableMergeReport, verb: String) -> String {
        var out = ""
        if let problem = report.problem {
            let position = report.problemPosition.map { ":\($0.line)" + ($0.column.map { ":\($0)" } ?? "") } ?? ""
            return "\(report.path)\(position): \(problem)\n"
        }
        var parts: [String] = []
        if report.kept > 0 { parts.append("\(report.kept.grouped) kept") }
        if !report.added.isEmpty { parts.append("\(report.added.count.grouped) added") }
        if !report.fuzzy.isEmpty { parts.append("\(report.fuzzy.count.grouped) fuzzy (to review)") }
        if !report.filledFromApp.isEmpty {
            parts.append("\(report.filledFromApp.count.grouped) from the app\(report.appLanguage.map { "'s \($0)" } ?? "") (to review)")
        }
        if !report.obsolete.isEmpty { parts.append("\(report.obsolete.count.grouped) obsolete") }
        if !report.pruned.isEmpty { parts.append("\(report.pruned.count.grouped) pruned") }
        if !report.missing.isEmpty { parts.append("\(report.missing.count.grouped) missing") }
        if !report.duplicates.isEmpty { parts.append("\(report.duplicates.count.grouped) duplicate\(report.duplicates.count == 1 ? "" : "s") removed") }
        let state = report.created ? "\(verb) (new file)" : report.changed ? verb
            : report.fileExists ? "up to date" : "no file (merge --fill source creates it)"
        out += "\(report.path): \(parts.isEmpty ? "empty" : parts.joined(separator: ", ")); \(state)\n"
        for carry in report.fuzzy {
            // A line per carried-over key (thousands where every table changes): appended in place.
            out.append("  fuzzy: ")
            MessageText.appendQuoted(carry.key, to: &out)
            out.append(" takes the translation of ")
            MessageText.appendQuoted(carry.from, to: &out)
            out.append("\n")
        }
        if report.fuzzyUncompared > 0 {
            out += "  fuzzy: \(DiagnosticReport.count(report.fuzzyUncompared, "missing key")) not compared with the obsolete ones (too many pairs to compare; only keys equal but for case, spacing and final punctuation were paired): their translations stay under the obsolete keys\n"
        }
        if !report.notPruned.isEmpty {
            let shown = report.notPruned.prefix(DiagnosticReport.keysShown).map(MessageText.quoted).joined(separator: ", ")
                + (report.notPruned.count > DiagnosticReport.keysShown ? ", … (+\((report.notPruned.count - DiagnosticReport.keysShown).grouped))" : "")
            out += "  not pruned: \(shown): the configuration's ignore silences their stale-key finding (list the keys the app reads itself in keep)\n"
        }
        for duplicate in report.duplicates {
            out += "  duplicate: \(MessageText.quoted(duplicate.key)) at line \(duplicate.position.line) was overridden by a later entry\n"
        }
        return out
    }

    /// The last lines of `summary`: what the app's translations filled (`--fill-from`).
    public var summaryFooter: String {
        var out = ""
        let languages = appLanguages
        if !languages.isEmpty {
            out += "filled from the app's languages: " + languages.map { "\($0.folder).lproj from \($0.language)" }.joined(separator: ", ") + "\n"
        }
        let fills = appFillCounts
        if !fills.isEmpty {
            let total = fills.reduce(0) { $0 + $1.count }
            out += "\(total.grouped) missing translation\(total == 1 ? "" : "s") taken from the app, marked for review: "
                + fills.map { "\($0.count.grouped) from \($0.origin)" }.joined(separator: ", ") + "\n"
        }
        return out
    }
}
