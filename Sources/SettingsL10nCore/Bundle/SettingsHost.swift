/// What shows a Settings bundle: Apple's Settings app, or InAppSettingsKit inside the app. They
/// differ in the rows and fields they show, and every command asks the same table (`shownFields`).
public enum SettingsHost: String, Hashable, Sendable, CaseIterable {
    /// The Settings app: the eight types of Apple's reference, with the keys it documents as
    /// localizable; rows of any other type, or without one, are skipped.
    case settingsApp = "settings-app"
    /// InAppSettingsKit: the same, and a multi-value's FooterText; its own `IASK*` types with
    /// their Title, FooterText, Titles and ShortTitles; and a plain cell with the Title for a
    /// row of any other type or without one (`IASKAppSettingsViewController`, `newCellForSpecifier`).
    case inAppSettingsKit = "in-app"
}

extension SettingsHost {
    /// The `IASK…` members InAppSettingsKit reads on a specifier, as its `IASKSettingsReader.h`
    /// names them (its own spelling: `IASKMailComposeToRecipents`). A member of that prefix
    /// that is none of them is read by no one: a misspelling, when it is close to one.
    public static let inAppSettingsKitMemberKeys = [
        "IASKCellImage", "IASKSubtitle", "IASKPlaceholder", "IASKChildTitle",
        "IASKViewControllerClass", "IASKViewControllerSelector", "IASKViewControllerStoryBoardFile",
        "IASKViewControllerStoryBoardId", "IASKSegueIdentifier",
        "IASKMailComposeToRecipents", "IASKMailComposeCcRecipents", "IASKMailComposeBccRecipents",
        "IASKMailComposeSubject", "IASKMailComposeBody", "IASKMailComposeBodyIsHTML",
        "IASKAdjustsFontSizeToFitWidth", "IASKTextContentType", "IASKTextAlignment", "IASKToggleStyle",
        "IASKWebViewShowProgress", "IASKWebViewHideBottomBar", "IASKWebViewShowNavigationalButtons",
    ]
}

/// The localizable fields of a specifier, in the order the catalog reads them: Apple's four, then
/// the keys only InAppSettingsKit passes through its localizer (`IASKSettingsReader.titleForId:`,
/// from `IASKSpecifier` and `IASKAppSettingsViewController`).
public enum LocalizableField: String, Hashable, Sendable, CaseIterable {
    case title = "Title"
    case footerText = "FooterText"
    case titles = "Titles"
    case shortTitles = "ShortTitles"
    /// The line below a row's title: a string, or a dictionary of one per value (`YES` and
    /// `NO` for a switch), `__default__` for the others.
    case subtitle = "IASKSubtitle"
    /// What an empty text field or text view shows.
    case placeholder = "IASKPlaceholder"
    /// The title of the web page a child pane opens (`IASKAppSettingsWebViewController`).
    case childTitle = "IASKChildTitle"
    case mailComposeSubject = "IASKMailComposeSubject"
    case mailComposeBody = "IASKMailComposeBody"
    /// The URL an `IASKOpenURLSpecifier` opens, or the file or URL a child pane hands to the
    /// view controller it opens: looked up in the table, so an app may give each language its own.
    case file = "File"

    /// The fields of Apple's schema reference.
    public static let schemaFields: [LocalizableField] = [.title, .footerText, .titles, .shortTitles]
}

extension Specifier {
    /// Whether `host` shows a row for this specifier at all.
    public func isShown(in host: SettingsHost) -> Bool {
        switch (host, type) {
        case (.inAppSettingsKit, _): true
        case (.settingsApp, nil): false
        case (.settingsApp, let type?): type.isStandard
        }
    }

    /// The localizable fields `host` shows for this specifier, in catalog order; none for a row
    /// it skips. (Neither shows a slider's Title; only InAppSettingsKit shows a multi-value's
    /// FooterText, the Title of a row of another type or without one, and its own keys:
    /// `inAppSettingsKitFields`.)
    public func shownFields(in host: SettingsHost) -> [LocalizableField] {
        guard isShown(in: host) else { return [] }
        let own = host == .inAppSettingsKit ? inAppSettingsKitFields : []
        guard let type, let schema = type.schema else {
            if case .other(let name)? = type, name.hasPrefix("IASK") { return LocalizableField.schemaFields + own }
            return [.title] + own
        }
        return LocalizableField.schemaFields.filter { field in
            schema.key(field.rawValue)?.isLocalizable == true
                || host == .inAppSettingsKit && type == .multiValue && field == .footerText
        } + own
    }

    /// The keys InAppSettingsKit localizes on this type of row besides Apple's, as its sources
    /// at the version of the vendored sample (846b620) read them: `IASKSubtitle` on a switch, a
    /// child pane, a button, a mail or URL row (`subtitleForValue:`); `IASKPlaceholder` on a
    /// text field or text view; the mail's subject and body; and where a child pane opens a
    /// view controller by class (no storyboard), the `File` handed to it and the web page's
    /// `IASKChildTitle`, as `IASKOpenURLSpecifier`'s URL (`localizedObjectForKey:`).
    private var inAppSettingsKitFields: [LocalizableField] {
        switch typeName {
        case "PSToggleSwitchSpecifier", "IASKButtonSpecifier": [.subtitle]
        case "PSChildPaneSpecifier":
            dictionary["IASKViewControllerClass"] != nil && dictionary["IASKViewControllerStoryBoardId"] == nil
                ? [.subtitle, .childTitle, .file] : [.subtitle]
        case "IASKOpenURLSpecifier": [.subtitle, .file]
        case "IASKMailComposeSpecifier": [.subtitle, .mailComposeSubject, .mailComposeBody]
        case "PSTextFieldSpecifier", "IASKTextViewSpecifier": [.placeholder]
        default: []
        }
    }

    /// The members of a list group that hold rows of their own (`nestedSpecifiers`).
    public static let nestedSpecifierKeys = ["ItemSpecifier", "AddSpecifier"]

    /// The rows InAppSettingsKit makes of this specifier's own dictionaries, which it localizes
    /// as any other: a list group's `ItemSpecifier` (each item's row) and `AddSpecifier` (the
    /// row that adds one). None for the Settings app, which skips the list group.
    public func nestedSpecifiers(in host: SettingsHost) -> [Specifier] {
        guard host == .inAppSettingsKit, typeName == "IASKListGroupSpecifier" else { return [] }
        return Self.nestedSpecifierKeys.compactMap { name in
            guard let node = dictionary[name], let nested = node.value.dictionaryValue else { return nil }
            return Specifier(index: index, keyPath: keyPath.appending(name), position: node.position, dictionary: nested)
        }
    }

    /// The fields `other` shows of this specifier and the rows nested in it that `host` does
    /// not: what merge --prune keeps for the other host, and check does not call stale.
    public func fieldsShownOnly(in other: SettingsHost, notIn host: SettingsHost) -> [(specifier: Specifier, fields: [LocalizableField])] {
        let shown = shownFields(in: host)
        var only: [(specifier: Specifier, fields: [LocalizableField])] = [(self, shownFields(in: other).filter { !shown.contains($0) })]
        let nestedHere = Set(nestedSpecifiers(in: host).map(\.keyPath))
        for nested in nestedSpecifiers(in: other) {
            let here = nestedHere.contains(nested.keyPath) ? nested.shownFields(in: host) : []
            only.append((nested, nested.shownFields(in: other).filter { !here.contains($0) }))
        }
        return only.filter { !$0.fields.isEmpty }
    }
}

extension SettingsHost {
    /// The `KeyboardType` values the host knows: Apple's five, and for InAppSettingsKit also
    /// `DecimalPad`, `PhonePad`, `NamePhonePad` and `AsciiCapable` (`IASKSpecifier.keyboardType`).
    public var keyboardTypes: [String] {
        switch self {
        case .settingsApp: SpecifierSchema.keyboardTypes
        case .inAppSettingsKit: SpecifierSchema.keyboardTypes + ["DecimalPad", "PhonePad", "NamePhonePad", "AsciiCapable"]
        }
    }

    /// The `SupportedUserInterfaceIdioms` values the host knows: `Phone` and `Pad`, and for
    /// InAppSettingsKit also `Mac` and `Reality` (`IASKSpecifier.userInterfaceIdioms`).
    public var idioms: [String] {
        switch self {
        case .settingsApp: SpecifierSchema.idioms
        case .inAppSettingsKit: SpecifierSchema.idioms + ["Mac", "Reality"]
        }
    }

    /// What messages call the host: `the Settings app`, `InAppSettingsKit`.
    public var displayName: String {
        switch self {
        case .settingsApp: "the Settings app"
        case .inAppSettingsKit: "InAppSettingsKit"
        }
    }

    /// `message` said of this host: under InAppSettingsKit, "the Settings app" becomes
    /// "InAppSettingsKit" (it is what shows the bundle). A message that names InAppSettingsKit
    /// already contrasts the two hosts, and is left as it is.
    public func speaking(_ message: String) -> String {
        guard self == .inAppSettingsKit, message.contains("Settings app"), !message.contains("InAppSettingsKit") else { return message }
        return message.replacingEvery("the Settings app", with: "InAppSettingsKit").replacingEvery("The Settings app", with: "InAppSettingsKit")
    }
}

extension RuleDescriptor {
    /// The descriptor with the message of its grouped line said of `host`; the summary, which
    /// documents the rule (docs/rules.md, SARIF), stays as it is.
    public func spoken(by host: SettingsHost) -> RuleDescriptor {
        var descriptor = self
        descriptor.groupMessage = groupMessage.map(host.speaking)
        return descriptor
    }
}

extension Diagnostic {
    /// The diagnostic with its message said of `host` (`SettingsHost.speaking`).
    public func spoken(by host: SettingsHost) -> Diagnostic {
        guard host == .inAppSettingsKit else { return self }
        var diagnostic = self
        diagnostic.message = host.speaking(message)
        return diagnostic
    }
}
