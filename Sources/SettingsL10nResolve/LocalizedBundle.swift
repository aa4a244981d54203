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
    /// The share of the strings on these pages that the localization's tables hold (1 for
    /// pseudo-locales).
    public var completeness: Double
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
    /// The specifier as written.
    public var specifier: Specifier
    public var type: SpecifierType? { specifier.type }
    public var key: String? { specifier.key }
    public var title: String?
    public var footerText: String?
    public var defaultValue: PlistValue? { specifier.defaultValue }
    /// The page a child pane opens (`OfflineMaps.plist`), for child panes.
    public var file: String?
    /// The options of pickers, in display order (sorted when `DisplaySortedByTitle`); `nil`
    /// for specifiers without `Values`.
    public var options: [LocalizedOption]?

    /// The option whose value is the default (what the row shows before the user picks).
    public var selectedOption: LocalizedOption? {
        guard let defaultValue else { return nil }
        return options?.first { PlistValue.same($0.value, defaultValue) }
    }
}

public struct LocalizedOption: Hashable, Sendable {
    public var value: PlistValue
    public var title: String
    public var shortTitle: String?
}
