/// A value of a schema file with where it sits: its key path and, in text formats, its
/// line and column.
public struct SchemaValue: Hashable, Sendable {
    public var node: PlistNode
    public var keyPath: PlistKeyPath

    public var value: PlistValue { node.value }
    public var position: TextPosition? { node.position }

    /// The elements of an array value, each with its own key path (`Titles[1]`); empty otherwise.
    public var elements: [SchemaValue] {
        guard let array = node.value.arrayValue else { return [] }
        return array.enumerated().map { SchemaValue(node: $1, keyPath: keyPath.appending($0)) }
    }

    /// The values of a dictionary value, each with its own key path (`IASKSubtitle.YES`), in the
    /// order written; empty otherwise.
    public var entries: [SchemaValue] {
        guard let dictionary = node.value.dictionaryValue else { return [] }
        return dictionary.entries.map { SchemaValue(node: $0.value, keyPath: keyPath.appending($0.key)) }
    }
}

/// One dictionary of `PreferenceSpecifiers`: every key kept as written, with typed accessors
/// for the keys of Apple's schema reference.
public struct Specifier: Hashable, Sendable {
    /// The position in `PreferenceSpecifiers`, from 0.
    public var index: Int
    /// `PreferenceSpecifiers[index]`.
    public var keyPath: PlistKeyPath
    /// Where the dictionary starts (text formats only).
    public var position: TextPosition?
    /// All keys as written, in order, unknown ones included.
    public var dictionary: PlistDictionary

    public init(index: Int, keyPath: PlistKeyPath, position: TextPosition?, dictionary: PlistDictionary) {
        self.index = index
        self.keyPath = keyPath
        self.position = position
        self.dictionary = dictionary
    }

    /// The value of `key` with its location, or `nil` when the key is absent.
    public func field(_ key: String) -> SchemaValue? {
        dictionary[key].map { SchemaValue(node: $0, keyPath: keyPath.appending(key)) }
    }

    /// The `Type` string as written, or `nil` when absent or not a string.
    public var typeName: String? { string("Type") }

    /// The specifier's type, or `nil` when `Type` is absent or not a string.
    public var type: SpecifierType? { typeName.map(SpecifierType.init) }

    public func string(_ key: String) -> String? { dictionary[key]?.value.stringValue }

    /// The string elements of an array value, `nil` for elements that are not strings.
    public func strings(_ key: String) -> [String?]? {
        dictionary[key]?.value.arrayValue?.map(\.value.stringValue)
    }

    public var title: String? { string("Title") }
    public var footerText: String? { string("FooterText") }
    /// The defaults key (`Key`).
    public var key: String? { string("Key") }
    /// The child pane's schema file name, without `.plist` (`File`).
    public var file: String? { string("File") }
    public var defaultValue: PlistValue? { dictionary["DefaultValue"]?.value }
    public var values: [PlistValue]? { dictionary["Values"]?.value.arrayValue?.map(\.value) }
    public var titles: [String?]? { strings("Titles") }
    public var shortTitles: [String?]? { strings("ShortTitles") }
    public var displaySortedByTitle: Bool { dictionary["DisplaySortedByTitle"]?.value.booleanValue ?? false }
    public var supportedUserInterfaceIdioms: [String?]? { strings("SupportedUserInterfaceIdioms") }
    public var isSecure: Bool { dictionary["IsSecure"]?.value.booleanValue ?? false }
    public var trueValue: PlistValue? { dictionary["TrueValue"]?.value }
    public var minimumValue: Double? { dictionary["MinimumValue"]?.value.numberValue }
    public var maximumValue: Double? { dictionary["MaximumValue"]?.value.numberValue }
    public var minimumValueImage: String? { string("MinimumValueImage") }
    public var maximumValueImage: String? { string("MaximumValueImage") }

    /// Whether this child pane opens a view controller of InAppSettingsKit's (a class, a
    /// storyboard, a segue, a web page) rather than a schema file: its `File`, if any, is not a
    /// schema file name.
    public var opensInAppViewController: Bool {
        dictionary.keys.contains { $0.hasPrefix("IASKViewController") || $0 == "IASKSegueIdentifier" }
    }

    /// Keys this specifier holds that its type's schema does not document (none for other types).
    public var undocumentedKeys: [PlistDictionaryEntry] {
        guard let schema = type?.schema else { return [] }
        return dictionary.entries.filter { schema.key($0.key) == nil }
    }
}
