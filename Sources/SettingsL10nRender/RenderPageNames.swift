import SettingsL10nCore
import SettingsL10nResolve

/// The names of the files a preview writes: folders of locales, pages of schema files and of
/// option lists. Each is safe in any file system, fits in a folder's 255 bytes, and is never
/// another's, whatever the case (macOS's volumes ignore it).
extension RenderHTML {
    static func safeName(_ text: String) -> String {
        let mapped = String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
            default: "_"
            }
        })
        // Never empty: an empty name would be the folder it is written into.
        guard !mapped.isEmpty else { return "_" }
        return mapped.hasPrefix(".") ? "_" + mapped.dropFirst() : mapped
    }

    /// The page of a schema file: `index.html` for the locale's first page (`Root.plist`, or
    /// `Root~iphone.plist` in a bundle that has only device variants), else its path made safe
    /// (`com.mono0926.LicensePlist/Alpha.plist` → `com.mono0926.LicensePlist_Alpha.html`).
    static func pageName(_ file: String, root: String?) -> String {
        if file == root { return "index.html" }
        let name = safeName(String(file.dropLast(file.hasSuffix(".plist") ? 6 : 0)))
        return fitted(name == "index" ? "index_" : name, ".html")
    }

    static func optionsPageName(page: String, index: Int) -> String {
        fitted("options-\(safeName(String(page.dropLast(page.hasSuffix(".plist") ? 6 : 0))))", "-\(index).html")
    }

    /// `base` + `suffix`, no longer than a name in a folder may be (255 bytes): a schema file's
    /// name may be that long, and a page named after it longer. A longer base is shortened by
    /// `FileNameFitting`, so that two long names still make two pages.
    static func fitted(_ base: String, _ suffix: String) -> String {
        FileNameFitting.fitted(base, reserving: suffix.utf8.count) + suffix
    }
}

/// The page of each schema file of a locale, and of each of its option lists, told apart:
/// `é.plist` and `ü.plist` are both `_.html` made safe, so the second is `_-2.html` (the second
/// had overwritten the first, and both links opened it).
struct PageNames {
    private var pages: [String: String] = [:]
    /// By schema file, the page of the option list of each row.
    private(set) var options: [String: [Int: String]] = [:]

    init(_ localized: [LocalizedPage], root: String?) {
        var taken: Set<String> = []
        func unique(_ name: String) -> String {
            let stem = String(name.dropLast(5)) // .html
            var candidate = name, number = 1
            while !taken.insert(candidate.lowercased()).inserted {
                number += 1
                candidate = RenderHTML.fitted(stem, "-\(number).html")
            }
            return candidate
        }
        // The schema files' pages first, in order: each keeps its own name where it can.
        for page in localized where pages[page.file] == nil { pages[page.file] = unique(RenderHTML.pageName(page.file, root: root)) }
        for page in localized where options[page.file] == nil {
            var lists: [Int: String] = [:]
            for (index, row) in page.specifiers.enumerated() where row.type == .multiValue {
                lists[index] = unique(RenderHTML.optionsPageName(page: page.file, index: index))
            }
            options[page.file] = lists
        }
    }

    /// The page of `file` (one that is not a page of the locale: its own name, a link to nothing).
    func page(_ file: String, root: String?) -> String {
        pages[file] ?? RenderHTML.pageName(file, root: root)
    }
}
