/// The version of settings-l10n.
public enum SettingsL10nVersion {
    public static let current = "1.0.0"
    /// Where the project and its documentation live.
    public static let homepage = "https://github.com/settings-l10n/settings-l10n"
}
