import SettingsL10nCore

/// An XLIFF 1.2 document: what Xcode's localization export writes and translation platforms read.
public struct XLIFFDocument: Hashable, Sendable {
    public var files: [XLIFFFile]
    /// The document is a String Catalog's translations (`StringCatalog.xliff(forTable:)`): its
    /// findings speak of the catalog, which has no `<file>` elements.
    public var isStringCatalog = false

    public init(files: [XLIFFFile]) {
        self.files = files
    }
}

/// One `<file>`: the units of one `.strings` table for one target language.
public struct XLIFFFile: Hashable, Sendable {
    /// `en.lproj/Root.strings`.
    public var original: String
    public var sourceLanguage: String
    public var targetLanguage: String?
    public var units: [XLIFFUnit]
    /// Where the `<file>` element starts (documents read from text).
    public var position: TextPosition?

    public init(original: String, sourceLanguage: String, targetLanguage: String?, units: [XLIFFUnit],
                position: TextPosition? = nil) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.units = units
        self.position = position
    }

    /// The table the file is for: the name of `original` without folder and `.strings`.
    public var tableName: String {
        var name = Substring(original.split(separator: "/").last ?? "")
        if name.hasSuffix(".strings") { name = name.dropLast(8) }
        return String(name)
    }
}

/// One `<trans-unit>`.
public struct XLIFFUnit: Hashable, Sendable {
    public var id: String
    public var source: String
    public var target: String?
    /// The target's `state` (`translated`, `needs-review-translation`...).
    public var state: String?
    /// The unit's `approved` (XLIFF 1.2: whether the translation passed its final review), `nil`
    /// where it is neither `yes` nor `no`. Translate Toolkit and Weblate mark a fuzzy unit
    /// `approved="no"`, with the state `needs-translation`.
    public var approved: Bool?
    public var notes: [String]
    /// Whether the string needs a translation (`translate="no"` when not: no letters, or a key
    /// the configuration's doNotTranslate names).
    public var translate: Bool
    /// Where the string is used (`Root.plist`, line 23): written as location context groups,
    /// which tools show to translators and use to tell units with the same source apart.
    public var locations: [XLIFFLocation]
    public var position: TextPosition?
    /// A String Catalog's translation that varies by plural or device (`variations`, or Xcode's
    /// plural: a `stringUnit` `%#@count@` beside `substitutions`): no one text a table can hold,
    /// so it is not imported, and said.
    public var varies: Bool

    public init(id: String, source: String, target: String? = nil, state: String? = nil, approved: Bool? = nil, notes: [String] = [],
                locations: [XLIFFLocation] = [], position: TextPosition? = nil, translate: Bool = true, varies: Bool = false) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.approved = approved
        self.notes = notes
        self.locations = locations
        self.position = position
        self.translate = translate
        self.varies = varies
    }

    /// Whether the unit brings a translation to import: a target that is not empty, in a state
    /// other than `new` and `needs-translation` (which say there is none yet), but for
    /// `needs-translation` marked `approved="no"` (a fuzzy translation of Translate Toolkit's or
    /// Weblate's: imported for review).
    package var carriesTranslation: Bool {
        guard let target, !target.isEmpty else { return false }
        // `approved="no"` turns only Translate Toolkit's fuzzy state into a translation: XLIFF's
        // default is "no", so a tool may write it on any unit, and `new` is no translation.
        if state == "needs-translation" { return approved == false }
        return state != "new"
    }

    /// Whether the target's state asks for a person's look before it ships: every state but
    /// XLIFF 1.2's `translated`, `final` and `signed-off` (a `needs-review-…` one, `needs-l10n`,
    /// `needs-adaptation`, a tool's `x-…`, an empty or unknown one). A unit without `state` is
    /// taken as translated; one marked `approved="no"` needs review whatever its state.
    package var needsReview: Bool {
        if approved == false { return true }
        guard let state else { return false }
        return !["translated", "final", "signed-off"].contains(state)
    }
}

/// A source file and line where a unit's string is used.
public struct XLIFFLocation: Hashable, Sendable {
    public var file: String
    public var line: Int?

    public init(file: String, line: Int?) {
        self.file = file
        self.line = line
    }
}
