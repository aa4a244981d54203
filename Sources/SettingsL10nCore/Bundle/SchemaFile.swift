/// The parts of a schema file name: `Root~ipad.inApp.plist` is the base `Root` for iPad, read
/// in-app only.
public struct SchemaFileName: Hashable, Sendable {
    /// The name without device suffix, `.inApp` or `.plist` (what a child pane's `File` names).
    public var base: String
    /// The device the file is for (`~iphone`, `~ipad`), or `nil` for every device.
    public var idiom: Idiom?
    /// Whether this is an `.inApp.plist` file, which only in-app settings libraries read.
    public var isInApp: Bool

    public init(base: String, idiom: Idiom? = nil, isInApp: Bool = false) {
        self.base = base
        self.idiom = idiom
        self.isInApp = isInApp
    }

    /// Splits a file name ending in `.plist`; `nil` for other names.
    public init?(fileName: String) {
        guard fileName.hasSuffix(".plist"), fileName.count > 6 else { return nil }
        var stem = String(fileName.dropLast(6))
        isInApp = stem.hasSuffix(".inApp")
        if isInApp { stem = String(stem.dropLast(6)) }
        idiom = nil
        for candidate in Idiom.allCases where stem.hasSuffix(candidate.fileSuffix) {
            idiom = candidate
            stem = String(stem.dropLast(candidate.fileSuffix.count))
        }
        base = stem
    }

    public var fileName: String {
        base + (idiom?.fileSuffix ?? "") + (isInApp ? ".inApp" : "") + ".plist"
    }
}

/// The devices the Settings app tells apart.
public enum Idiom: String, Hashable, Sendable, CaseIterable {
    case phone
    case pad

    /// The file-name suffix of device variants (`Root~iphone.plist`).
    public var fileSuffix: String {
        switch self {
        case .phone: "~iphone"
        case .pad: "~ipad"
        }
    }

    /// The word `SupportedUserInterfaceIdioms` uses (`Phone`, `Pad`).
    public var schemaName: String {
        switch self {
        case .phone: "Phone"
        case .pad: "Pad"
        }
    }
}

/// One schema file of the bundle (`Root.plist`, a child pane), read from any plist format.
public struct SchemaFile: Hashable, Sendable {
    /// The path relative to the bundle folder; schema files sit at its top level.
    public var path: String
    public var name: SchemaFileName
    public var format: PlistFormat
    /// The whole property list as read.
    public var root: PlistNode
    /// The dictionaries of `PreferenceSpecifiers`, in order.
    public var specifiers: [Specifier]
    /// `StringsTable`: the name of the `.strings` table that localizes this file.
    public var stringsTable: SchemaValue?
    public var applicationGroupContainerIdentifier: SchemaValue?
    /// Root keys other than `PreferenceSpecifiers`, `StringsTable` and
    /// `ApplicationGroupContainerIdentifier`, kept as written.
    public var otherRootKeys: [PlistDictionaryEntry]
    /// Problems in the file's structure (root not a dictionary, `PreferenceSpecifiers` missing...).
    public var diagnostics: [Diagnostic]
    /// Whether `Root` (or one of its variants) reaches this file through child panes.
    public var isReachable: Bool

    /// The table name, when `StringsTable` is a string that names a table (see
    /// `hasInvalidStringsTable`).
    public var stringsTableName: String? {
        stringsTable?.value.stringValue.flatMap { Self.problem(withTableName: $0) == nil ? $0 : nil }
    }

    /// Whether `StringsTable` is a string that is no table's name (`../x`): the file's strings
    /// belong to no table, and no table may be written while it stands.
    public var hasInvalidStringsTable: Bool {
        stringsTable?.value.stringValue.map { Self.problem(withTableName: $0) != nil } ?? false
    }

    /// Why `name` cannot name a `.strings` table in a `.lproj` folder, or `nil` when it can. A
    /// table name becomes a file name: never a path, never hidden, never too long for the file
    /// system, and never holding a character that the system would cut it at.
    package static func problem(withTableName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.contains(0) { return "contains a NUL character" }
        if let refused = name.unicodeScalars.lazy.compactMap(BundlePath.refusal(of:)).first { return "contains " + refused }
        // In bytes: a '/' followed by a combining mark is one character, which is not "/".
        if name.utf8.contains(UInt8(ascii: "/")) || name.utf8.contains(UInt8(ascii: "\\")) {
            return "contains a path separator; it must be a plain name such as Root"
        }
        if name.hasPrefix(".") { return "starts with '.', which makes a hidden file or a path" }
        if name.utf8.count > 247 { return "is longer than a file name may be (\(name.utf8.count) bytes with .strings past 255)" }
        return nil
    }

    /// Builds the model of a parsed property list.
    public init(path: String, root: PlistNode, format: PlistFormat) {
        self.path = path
        self.name = SchemaFileName(fileName: path) ?? SchemaFileName(base: path)
        self.format = format
        self.root = root
        self.specifiers = []
        self.otherRootKeys = []
        self.diagnostics = []
        self.isReachable = false
        guard let dictionary = root.value.dictionaryValue else {
            diagnostics.append(Diagnostic(
                .error, rule: .schemaRootNotDictionary,
                "the root of a schema file must be a dictionary, but this one is \(MessageText.withArticle(root.value.typeName))",
                at: SourceLocation(file: path, position: root.position)))
            return
        }
        for entry in dictionary.entries {
            switch entry.key {
            case "PreferenceSpecifiers", "StringsTable", "ApplicationGroupContainerIdentifier": break
            default: otherRootKeys.append(entry)
            }
        }
        stringsTable = dictionary["StringsTable"].map { SchemaValue(node: $0, keyPath: "StringsTable") }
        applicationGroupContainerIdentifier = dictionary["ApplicationGroupContainerIdentifier"]
            .map { SchemaValue(node: $0, keyPath: "ApplicationGroupContainerIdentifier") }
        if let table = stringsTable, table.value.stringValue == nil {
            diagnostics.append(Diagnostic(
                .error, rule: .valueType,
                "StringsTable must be a string, not \(MessageText.withArticle(table.value.typeName))",
                at: SourceLocation(file: path, position: table.position, keyPath: table.keyPath)))
        }
        if let table = stringsTable, let name = table.value.stringValue, let problem = Self.problem(withTableName: name) {
            diagnostics.append(Diagnostic(
                .error, rule: .stringsTableInvalid,
                "StringsTable \(MessageText.quoted(name)) \(problem); the table is neither read, written nor exported",
                at: SourceLocation(file: path, position: table.position, keyPath: table.keyPath)))
        }
        guard let specifiers = dictionary.entry(for: "PreferenceSpecifiers") else {
            diagnostics.append(Diagnostic(
                .error, rule: .preferenceSpecifiersMissing,
                "the schema file has no PreferenceSpecifiers array, so the Settings app shows an empty page",
                at: SourceLocation(file: path, position: root.position)))
            return
        }
        guard let array = specifiers.value.value.arrayValue else {
            diagnostics.append(Diagnostic(
                .error, rule: .preferenceSpecifiersNotArray,
                "PreferenceSpecifiers must be an array of dictionaries, not \(MessageText.withArticle(specifiers.value.value.typeName))",
                at: SourceLocation(file: path, position: specifiers.value.position, keyPath: "PreferenceSpecifiers")))
            return
        }
        let base = PlistKeyPath("PreferenceSpecifiers")
        for (index, node) in array.enumerated() {
            let keyPath = base.appending(index)
            guard let dictionary = node.value.dictionaryValue else {
                diagnostics.append(Diagnostic(
                    .error, rule: .specifierNotDictionary,
                    "each entry of PreferenceSpecifiers must be a dictionary, not \(MessageText.withArticle(node.value.typeName)); the Settings app skips it",
                    at: SourceLocation(file: path, position: node.position, keyPath: keyPath)))
                continue
            }
            self.specifiers.append(Specifier(index: index, keyPath: keyPath, position: node.position, dictionary: dictionary))
        }
    }
}
