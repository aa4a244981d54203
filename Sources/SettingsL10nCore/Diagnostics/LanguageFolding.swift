/// Folds the items of a report that say the same thing in several languages into one:
/// `113 strings not translated in 50 languages (af, ar, be, bg, ca, … +45): "0.25x", … (+108)`.
///
/// Two items are the same finding in two languages when they come from the same rule at the
/// same severity, about the same table in two `.lproj` folders (`de.lproj/Root.strings`,
/// `fr.lproj/Root.strings`), and their messages are the same once the folder is left out: for a
/// group, the same keys in the same order; for a single finding, the same message and key. The
/// line and column do not count (a stale key sits on another line in each language). The
/// folded item stands at the place of the first, with its location; the diagnostics stay as
/// they are.
public enum LanguageFolding {
    /// The languages a folded item names before it says how many more there are.
    static let languagesShown = 5

    static func fold(_ items: [DiagnosticReport.Item], phrases: [RuleID: String]) -> [DiagnosticReport.Item] {
        var slotOfKey: [String: Int] = [:]
        var runs: [(items: [DiagnosticReport.Item], languages: [String])] = []
        runs.reserveCapacity(items.count)
        for item in items {
            guard let (language, key) = foldKey(item) else {
                runs.append(([item], []))
                continue
            }
            if let slot = slotOfKey[key] {
                // The same finding twice in one file (a key defined three times) is no second
                // language: it stands on its own.
                guard runs[slot].languages.last != language, !runs[slot].languages.contains(language) else {
                    runs.append(([item], []))
                    continue
                }
                runs[slot].items.append(item)
                runs[slot].languages.append(language)
            } else {
                slotOfKey[key] = runs.count
                runs.append(([item], [language]))
            }
        }
        return runs.map { run in
            guard run.items.count > 1 else { return run.items[0] }
            return folded(run.items, languages: run.languages, phrases: phrases)
        }
    }

    /// The language of the item's folder and what must be equal for two items to fold, or `nil`
    /// for an item outside an `.lproj` folder.
    static func foldKey(_ item: DiagnosticReport.Item) -> (language: String, key: String)? {
        let (first, members) = parts(item)
        guard let (language, rest) = split(first.file) else { return nil }
        var key = "\(first.rule.rawValue)\u{0}\(first.severity.rawValue)\u{0}\(rest)\u{0}"
        if let members {
            // A group's key names every member: its room made once, not grown key by key.
            key.reserveCapacity(key.utf8.count + 8 + members.reduce(0) { $0 + 1 + ($1.key?.utf8.count ?? 0) })
            key += String(members.count)
            for member in members {
                key += "\u{0}"
                if let name = member.key { key += name }
            }
        } else {
            key += "\(unfoldedMessage(first.message, language: language))\u{0}\(first.key ?? "")\u{0}\(first.location.keyPath ?? "")"
        }
        return (language, key)
    }

    /// `de.lproj/Root.strings` → (`de`, `Root.strings`); `nil` for a file outside an `.lproj`.
    public static func split(_ file: String) -> (language: String, rest: String)? {
        // Paths are ASCII nearly always, where each byte is a character (a CR LF pair is one,
        // which changes no answer here): read as bytes.
        if let split = file.utf8.withContiguousStorageIfAvailable({ splitASCII($0) }), let split { return split }
        guard let slash = file.firstIndex(of: "/") else { return nil }
        let folder = file[..<slash]
        guard folder.hasSuffix(".lproj"), folder.count > 6 else { return nil }
        return (String(folder.dropLast(6)), String(file[file.index(after: slash)...]))
    }

    /// `split` of an ASCII path, read as bytes; `nil` when the path is not ASCII (then `split`
    /// reads it by characters), `.some(nil)` for a file outside an `.lproj`.
    private static func splitASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (language: String, rest: String)?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return .some(nil) }
        let suffix = ".lproj".utf8
        guard slash > suffix.count, bytes[(slash - suffix.count)..<slash].elementsEqual(suffix) else { return .some(nil) }
        return (String(decoding: bytes[..<(slash - suffix.count)], as: UTF8.self), String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }

    /// The message with the item's own folder named as any folder (`de.lproj has no …` → `*.lproj has no …`).
    static func unfoldedMessage(_ message: String, language: String) -> String {
        message.replacingEvery(language + ".lproj", with: "*.lproj")
    }

    private static func parts(_ item: DiagnosticReport.Item) -> (Diagnostic, [Diagnostic]?) {
        switch item {
        case .single(let diagnostic): (diagnostic, nil)
        case .group(let diagnostic, let members): (diagnostic, members)
        }
    }

    /// `in 50 languages (af, ar, be, bg, ca, … +45)`.
    static func languagePhrase(_ languages: [String]) -> String {
        var shown = languages.prefix(languagesShown).joined(separator: ", ")
        if languages.count > languagesShown { shown += ", … +\(languages.count - languagesShown)" }
        return "in \(languages.count) languages (\(shown))"
    }

    private static func folded(_ items: [DiagnosticReport.Item], languages: [String], phrases: [RuleID: String]) -> DiagnosticReport.Item {
        let (first, members) = parts(items[0])
        var summary = first
        let allMembers = items.flatMap { parts($0).1 ?? [parts($0).0] }
        if let members, let phrase = phrases[first.rule] {
            let head = DiagnosticReport.phrase(phrase, count: members.count)
            // The keys the per-file group named, after its phrase.
            let keys = first.message.hasPrefix(head + ": ") ? String(first.message.dropFirst(head.count + 2)) : first.message
            summary.message = head + " " + languagePhrase(languages) + ": " + keys
        } else {
            summary.message = unfoldedMessage(first.message, language: languages[0]) + " — " + languagePhrase(languages)
        }
        return .group(summary, members: allMembers)
    }
}
