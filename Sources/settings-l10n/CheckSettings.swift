import SettingsL10n
import SettingsL10nFiles

/// check's settings as they apply: each flag, else the configuration's default (which a
/// build-tool plugin, passing no flags, relies on), else the built-in one. A flag always wins:
/// `--no-strict`, `--no-baseline` and `--no-fail-on-fixed-baseline` undo the file's.
struct CheckSettings {
    /// Whether warnings fail the run.
    var strict: Bool
    /// The least severity reported, or `nil` for every finding.
    var severity: Severity?
    /// The baseline compared with: `--baseline`, or the configuration's (resolved through the
    /// path policy; one it refuses is reported by check and not used).
    var baseline: String?
    /// Whether baseline entries that no longer occur fail the run, and who asked for it.
    var failOnFixedBaseline: Bool
    var failOnFixedBaselineSource: String
}

extension CheckCommand {
    /// The settings of this run, from its flags and `configuration`.
    func settings(_ configuration: CheckConfiguration) throws -> CheckSettings {
        let baseline = noBaseline ? nil : baseline ?? options.configuredPath(configuration.baseline, setting: "baseline", configuration: configuration)
        if failOnFixedBaseline == true, baseline == nil {
            throw UsageFailure("--fail-on-fixed-baseline needs a baseline: give --baseline <file>, or \"baseline\" in \(CheckConfiguration.fileName)")
        }
        return CheckSettings(
            strict: strict ?? configuration.strict ?? false,
            severity: severity ?? configuration.severity,
            baseline: baseline,
            failOnFixedBaseline: baseline != nil && (failOnFixedBaseline ?? configuration.failOnFixedBaseline ?? false),
            failOnFixedBaselineSource: failOnFixedBaseline != nil ? "--fail-on-fixed-baseline" : "the configuration's \"failOnFixedBaseline\"")
    }
}

extension BundleOptions {
    /// A path setting of the configuration (`"baseline"`) resolved against the configuration's
    /// folder through the path policy, or `nil` when it is not set or the policy refused it
    /// (check reports the refusal as `configuration-path-refused`).
    func configuredPath(_ value: String?, setting: String, configuration: CheckConfiguration) -> String? {
        guard let value, let file = configurationFile else { return nil }
        return try? PathPolicy.resolve(value, setting: setting, configurationAt: file.path, insideBundle: configuration.isInsideBundle)
    }
}
