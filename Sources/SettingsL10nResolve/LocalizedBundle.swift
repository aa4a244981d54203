import SettingsL10nCore

/// A bundle as the Settings app shows it in one locale: its pages, each with localized rows.
public struct LocalizedLocale: Hashable, Sendable {
    /// The locale asked for (`sv-SE`, `it,fr`, `pseudo-long`).
    public var locale: String
    /// The preferred languages it stands for, most preferred first.
    public var languages: [String]
    /// The `.lproj` folder chosen, without extension (`sv`), or `nil` when none applies.
    public var localization: String?
    /// Every folder the device searches, in order (`SearchList`).
    public var searchList: [String]
    /// The locale whose collation ICU used for sorted option lists (`sv`, `root`).
    public var collation: String
    /// Whether the language reads right to left.
    public var isRightToLeft: Bool
    /// The root page first, then each child page reachable from it, each once.
    public var pages: [LocalizedPage]
    /// Each catalog table and the file read for it.
    public var tables: [TableSource]
    /// Tables that were found but cannot be read (their keys show as written).
    public var problems: [Diagnostic]

    /// A table and the file the device reads for it (`nil` when none: every key shows as written).
    public struct TableSource: Hashable, Sendable {
        public var table: String
        public var path: String?
    }
}

public struct LocalizedPage: Hashable, Sendable {
    /// The schema file (`Root.plist`, `OfflineMaps.plist`).
    public var file: String
    /// The child pane's localized title; `nil` for the root page.
    public var title: String?
    public var specifiers: [LocalizedSpecifier]
}

public struct LocalizedSpecifier: Hashable, Sendable {
    /// The row as written, the same in every locale: one object that every locale's row
    /// refers to, so that a row costs one reference count, not a copy of the specifier's
    /// dictionary and key path (their counts are shared by the threads resolving the locales).
    @usableFromInline let written: WrittenSpecifier
    public var title: String?
    public var footerText: String?
    /// The page a child pane opens (`OfflineMaps.plist`), for child panes.
    public var file: String?
    /// The options of pickers, in display order (sorted when `DisplaySortedByTitle`); `nil`
    /// for specifiers without `Values`.
    public var options: [LocalizedOption]?

    /// The specifier as written.
    public var specifier: Specifier { written.specifier }
    /// `Type` as written, or `nil` when absent or not a string.
    public var typeName: String? { written.typeName }
    public var type: SpecifierType? { written.type }
    public var key: String? { written.key }
    public var defaultValue: PlistValue? { written.defaultValue }

    /// `typeName`, `key` and `defaultValue` lent to `body` rather than returned: a returned
    /// string is retained, and these are shared by the threads resolving other locales.
    @inlinable
    public func withWrittenFields<Result>(_ body: (_ typeName: String?, _ key: String?, _ defaultValue: PlistValue?) -> Result) -> Result {
        body(written.typeName, written.key, written.defaultValue)
    }

    init(written: WrittenSpecifier, title: String?, footerText: String?, file: String?, options: [LocalizedOption]?) {
        self.written = written
        self.title = title
        self.footerText = footerText
        self.file = file
        self.options = options
    }

    /// The option whose value is the default (what the row shows before the user picks).
    public var selectedOption: LocalizedOption? {
        guard let defaultValue else { return nil }
        return options?.first { PlistValue.same($0.value, defaultValue) }
    }
}

/// A specifier and the fields every rendering reads of it, found once for all locales.
@usableFromInline
final class WrittenSpecifier: Hashable, Sendable {
    let specifier: Specifier
    @usableFromInline let typeName: String?
    let type: SpecifierType?
    @usableFromInline let key: String?
    @usableFromInline let defaultValue: PlistValue?

    init(_ specifier: Specifier) {
        self.specifier = specifier
        type = specifier.type
        // The standard names as literals, which need no reference counting.
        typeName = type?.name
        key = specifier.key
        defaultValue = specifier.defaultValue
    }

    @usableFromInline
    static func == (lhs: WrittenSpecifier, rhs: WrittenSpecifier) -> Bool {
        lhs === rhs || lhs.specifier == rhs.specifier
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(specifier)
    }
}

public struct LocalizedOption: Hashable, Sendable {
    public var value: PlistValue
    public var title: String
    public var shortTitle: String?
    /// Its place in the row's `Values` as written (`Titles[index]`, `ShortTitles[index]`),
    /// whatever place sorting gave it.
    public var index: Int
    /// Whether `title` was looked up (`Titles[index]` is written and the host shows it), not the
    /// value shown for want of a title.
    public var isLocalized: Bool
}
