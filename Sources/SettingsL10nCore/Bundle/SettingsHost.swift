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

/// The localizable fields of a specifier, in the order the catalog reads them.
public enum LocalizableField: String, Hashable, Sendable, CaseIterable {
    case title = "Title"
    case footerText = "FooterText"
    case titles = "Titles"
    case shortTitles = "ShortTitles"
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
    /// FooterText, and the Title of a row of another type or without one.)
    public func shownFields(in host: SettingsHost) -> [LocalizableField] {
        guard isShown(in: host) else { return [] }
        guard let type, let schema = type.schema else {
            if case .other(let name)? = type, name.hasPrefix("IASK") { return LocalizableField.allCases }
            return [.title]
        }
        return LocalizableField.allCases.filter { field in
            schema.key(field.rawValue)?.isLocalizable == true
                || host == .inAppSettingsKit && type == .multiValue && field == .footerText
        }
    }
}

extension SettingsHost {
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
