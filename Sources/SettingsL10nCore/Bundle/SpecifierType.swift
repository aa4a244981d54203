/// The `Type` of a preference specifier: the eight of Apple's schema reference, or any other
/// name (third-party families such as InAppSettingsKit's `IASK*`, or typos), kept as written.
public enum SpecifierType: Hashable, Sendable, CustomStringConvertible {
    case group
    case textField
    case titleValue
    case toggleSwitch
    case slider
    case multiValue
    case radioGroup
    case childPane
    case other(String)

    /// The eight types of the Settings Application Schema Reference.
    public static let standard: [SpecifierType] = [
        .group, .textField, .titleValue, .toggleSwitch, .slider, .multiValue, .radioGroup, .childPane,
    ]

    public init(_ name: String) {
        // ASCII names (every real one) by their bytes: the length leaves at most three to compare.
        // A check asks a specifier's type several times; the `switch` below compared the name
        // with each case in turn, as Unicode strings.
        var utf8 = name
        if let type = utf8.withUTF8(Self.standardType(ofASCII:)) {
            self = type
            return
        }
        switch name {
        case "PSGroupSpecifier": self = .group
        case "PSTextFieldSpecifier": self = .textField
        case "PSTitleValueSpecifier": self = .titleValue
        case "PSToggleSwitchSpecifier": self = .toggleSwitch
        case "PSSliderSpecifier": self = .slider
        case "PSMultiValueSpecifier": self = .multiValue
        case "PSRadioGroupSpecifier": self = .radioGroup
        case "PSChildPaneSpecifier": self = .childPane
        default: self = .other(name)
        }
    }

    /// The standard type named by the bytes `name`, or `nil` (another name, or not ASCII: the
    /// `switch` of `init` decides).
    private static func standardType(ofASCII name: UnsafeBufferPointer<UInt8>) -> SpecifierType? {
        func named(_ candidate: StaticString) -> Bool {
            guard candidate.utf8CodeUnitCount == name.count else { return false }
            let bytes = candidate.utf8Start
            for index in 0..<name.count where bytes[index] != name[index] { return false }
            return true
        }
        switch name.count {
        case 16: return named("PSGroupSpecifier") ? .group : nil
        case 17: return named("PSSliderSpecifier") ? .slider : nil
        case 20: return named("PSTextFieldSpecifier") ? .textField : named("PSChildPaneSpecifier") ? .childPane : nil
        case 21:
            return named("PSTitleValueSpecifier") ? .titleValue : named("PSMultiValueSpecifier") ? .multiValue
                : named("PSRadioGroupSpecifier") ? .radioGroup : nil
        case 23: return named("PSToggleSwitchSpecifier") ? .toggleSwitch : nil
        default: return nil
        }
    }

    /// The name written in `Type` (`PSGroupSpecifier`).
    public var name: String {
        switch self {
        case .group: "PSGroupSpecifier"
        case .textField: "PSTextFieldSpecifier"
        case .titleValue: "PSTitleValueSpecifier"
        case .toggleSwitch: "PSToggleSwitchSpecifier"
        case .slider: "PSSliderSpecifier"
        case .multiValue: "PSMultiValueSpecifier"
        case .radioGroup: "PSRadioGroupSpecifier"
        case .childPane: "PSChildPaneSpecifier"
        case .other(let name): name
        }
    }

    public var description: String { name }

    public var isStandard: Bool {
        if case .other = self { return false }
        return true
    }

    /// The keys Apple's reference documents for this type; `nil` for other types.
    public var schema: SpecifierSchema? {
        SpecifierSchema.forType(self)
    }
}

/// What a schema key holds.
public enum SchemaValueKind: Hashable, Sendable {
    case string
    case boolean
    case number
    /// Any scalar (string, number, boolean, date, data).
    case scalar
    /// Anything at all.
    case any
    case array
    case arrayOfStrings
    /// A string from a documented set.
    case oneOf([String])
}

/// One key a specifier type accepts, as Apple's reference documents it.
public struct SchemaKey: Hashable, Sendable {
    public var name: String
    public var kind: SchemaValueKind
    public var isRequired: Bool
    public var isLocalizable: Bool

    public init(_ name: String, _ kind: SchemaValueKind, required: Bool = false, localizable: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.isLocalizable = localizable
    }
}

/// The documented keys of one specifier type.
///
/// From Apple's Settings Application Schema Reference, which wins over the books where they
/// disagree: a group's `Title` is optional, a slider takes no `Title`. `SupportedUserInterfaceIdioms` is accepted on every type, as the
/// Settings app honours it everywhere since iOS 4.2.
public struct SpecifierSchema: Hashable, Sendable {
    public var type: SpecifierType
    public var keys: [SchemaKey]

    public func key(_ name: String) -> SchemaKey? {
        keys.first { $0.name == name }
    }

    public var requiredKeys: [SchemaKey] { keys.filter(\.isRequired) }

    /// The keys of all standard types, for spelling suggestions.
    public static let allKeyNames: [String] = {
        var names: [String] = []
        for type in SpecifierType.standard {
            for key in forType(type)?.keys ?? [] where !names.contains(key.name) {
                names.append(key.name)
            }
        }
        return names
    }()

    public static let keyboardTypes = ["Alphabet", "NumbersAndPunctuation", "NumberPad", "URL", "EmailAddress"]
    public static let autocapitalizationTypes = ["None", "Sentences", "Words", "AllCharacters"]
    public static let autocorrectionTypes = ["Default", "No", "Yes"]
    public static let idioms = ["Phone", "Pad"]

    static func forType(_ type: SpecifierType) -> SpecifierSchema? {
        let typeKey = SchemaKey("Type", .string, required: true)
        let idioms = SchemaKey("SupportedUserInterfaceIdioms", .arrayOfStrings)
        let keys: [SchemaKey]
        switch type {
        case .group:
            keys = [typeKey, SchemaKey("Title", .string, localizable: true),
                    SchemaKey("FooterText", .string, localizable: true), idioms]
        case .textField:
            keys = [typeKey, SchemaKey("Title", .string, localizable: true),
                    SchemaKey("Key", .string, required: true), SchemaKey("DefaultValue", .string),
                    SchemaKey("IsSecure", .boolean), SchemaKey("KeyboardType", .oneOf(keyboardTypes)),
                    SchemaKey("AutocapitalizationType", .oneOf(autocapitalizationTypes)),
                    SchemaKey("AutocorrectionType", .oneOf(autocorrectionTypes)), idioms]
        case .titleValue:
            keys = [typeKey, SchemaKey("Title", .string, localizable: true),
                    SchemaKey("Key", .string, required: true), SchemaKey("DefaultValue", .scalar, required: true),
                    SchemaKey("Values", .array), SchemaKey("Titles", .arrayOfStrings, localizable: true), idioms]
        case .toggleSwitch:
            keys = [typeKey, SchemaKey("Title", .string, required: true, localizable: true),
                    SchemaKey("Key", .string, required: true), SchemaKey("DefaultValue", .scalar, required: true),
                    SchemaKey("TrueValue", .scalar), SchemaKey("FalseValue", .scalar), idioms]
        case .slider:
            keys = [typeKey, SchemaKey("Key", .string, required: true),
                    SchemaKey("DefaultValue", .number, required: true),
                    SchemaKey("MinimumValue", .number, required: true), SchemaKey("MaximumValue", .number, required: true),
                    SchemaKey("MinimumValueImage", .string), SchemaKey("MaximumValueImage", .string), idioms]
        case .multiValue:
            keys = [typeKey, SchemaKey("Title", .string, required: true, localizable: true),
                    SchemaKey("Key", .string, required: true), SchemaKey("DefaultValue", .scalar, required: true),
                    SchemaKey("Values", .array, required: true),
                    SchemaKey("Titles", .arrayOfStrings, required: true, localizable: true),
                    SchemaKey("ShortTitles", .arrayOfStrings, localizable: true), idioms,
                    SchemaKey("DisplaySortedByTitle", .boolean)]
        case .radioGroup:
            keys = [typeKey, SchemaKey("Title", .string, localizable: true),
                    SchemaKey("FooterText", .string, localizable: true),
                    SchemaKey("Key", .string, required: true), SchemaKey("DefaultValue", .scalar, required: true),
                    SchemaKey("Values", .array, required: true),
                    SchemaKey("Titles", .arrayOfStrings, required: true, localizable: true), idioms,
                    SchemaKey("DisplaySortedByTitle", .boolean)]
        case .childPane:
            keys = [typeKey, SchemaKey("Title", .string, required: true, localizable: true),
                    SchemaKey("File", .string, required: true), idioms]
        case .other:
            return nil
        }
        return SpecifierSchema(type: type, keys: keys)
    }
}
