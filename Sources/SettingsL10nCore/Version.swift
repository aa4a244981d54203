/// The version of settings-l10n.
public enum SettingsL10nVersion {
    public static let current = "0.1.0"
}
