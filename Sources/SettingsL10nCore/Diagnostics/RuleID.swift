/// The stable id of every kind of finding: the rules of `check`, and the reasons XLIFF export and
/// import leave a string or unit out. Ids are kebab-case, named in configuration files and in
/// `[rule]` suffixes, and never change once released. Each id is spelled here and nowhere else;
/// code names the case.
public enum RuleID: String, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    // Reading the bundle (the loader and the extractor report these)
    case plistSyntax = "plist-syntax"
    case fileUnreadable = "file-unreadable"
    case linkOutsideBundle = "link-outside-bundle"
    case fileNameEncoding = "file-name-encoding"
    case rootPlistMissing = "root-plist-missing"
    case schemaRootNotDictionary = "schema-root-not-dictionary"
    case preferenceSpecifiersMissing = "preference-specifiers-missing"
    case preferenceSpecifiersNotArray = "preference-specifiers-not-array"
    case specifierNotDictionary = "specifier-not-dictionary"
    case childPaneFileInvalid = "child-pane-file-invalid"
    case childPaneFileMissing = "child-pane-file-missing"
    case childPaneCycle = "child-pane-cycle"
    case generatedPaneMissing = "generated-pane-missing"
    case stringsTableInvalid = "strings-table-invalid"
    case localizableNotString = "localizable-not-string"

    // Specifiers
    case specifierTypeMissing = "specifier-type-missing"
    case specifierTypeUnknown = "specifier-type-unknown"
    case specifierTypeThirdParty = "specifier-type-third-party"
    case requiredKeyMissing = "required-key-missing"
    case valueType = "value-type"
    case keyMisspelled = "key-misspelled"
    case keyIgnored = "key-ignored"

    // Values and option lists
    case titlesValuesCount = "titles-values-count"
    case shortTitlesCount = "short-titles-count"
    case defaultValueNotInValues = "default-value-not-in-values"
    case duplicateValues = "duplicate-values"
    case sliderRange = "slider-range"
    case enumValue = "enum-value"
    case defaultsKeyConflict = "defaults-key-conflict"

    // Panes
    case schemaFileUnreachable = "schema-file-unreachable"
    case stringsTableMissing = "strings-table-missing"

    // Tables
    case stringsSyntax = "strings-syntax"
    case duplicateKey = "duplicate-key"
    case keyLookAlike = "key-look-alike"
    case emptyValue = "empty-value"
    case valueWhitespace = "value-whitespace"
    case missingTranslation = "missing-translation"
    case developmentEntryMissing = "development-entry-missing"
    case staleKey = "stale-key"
    case tableMissing = "table-missing"
    case needsReview = "needs-review"
    case stringsEncoding = "strings-encoding"
    case stringsUnterminatedComment = "strings-unterminated-comment"
    case stringsEmptyFile = "strings-empty-file"
    case generatedCommentOutdated = "generated-comment-outdated"

    // Localizations
    case lprojMisspelled = "lproj-misspelled"
    case languageInvalid = "language-invalid"
    case tableOutsideLocalizations = "table-outside-lproj"

    // Names
    case nameCaseCollision = "name-case-collision"

    // Display in a language
    case optionTitlesDuplicate = "option-titles-duplicate"
    case shortTitleLonger = "short-title-longer"

    // The configuration
    case configurationUnused = "configuration-unused"
    case configurationInBundle = "configuration-in-bundle"
    case configurationPathRefused = "configuration-path-refused"

    // XLIFF export and import (not rules of check: they say why a string or unit was left out)
    case xliffUnrepresentable = "xliff-unrepresentable"
    case importUnknownKey = "import-unknown-key"
    case importSourceChanged = "import-source-changed"
    case importConflict = "import-conflict"
    case importTableRefused = "import-table-refused"
    case importReplaced = "import-replaced"
    case importVariations = "import-variations"

    // String Catalog sync (rules of sync, not of check: they say what sync could not reconcile)
    case syncConflict = "sync-conflict"
    case syncTablesDisagree = "sync-tables-disagree"
    case syncLanguageMissing = "sync-language-missing"
    case syncTableMissing = "sync-table-missing"
    case syncAppStrings = "sync-app-strings"

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
