// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "settings-l10n",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "settings-l10n", targets: ["settings-l10n"]),
        .library(name: "SettingsL10n", targets: ["SettingsL10n"]),
        .plugin(name: "SettingsL10nPlugin", targets: ["SettingsL10nPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // A handful of stable C wrappers over the system ICU (libicu-dev): ICU renames its
        // C symbols with a version suffix, so Swift cannot call them directly.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        // glibc's mallopt, for the executable to tune the allocator (a header, no code).
        .systemLibrary(name: "CMalloc"),
        // All the logic, as values and pure functions. Never prints, never exits.
        .target(
            name: "SettingsL10n",
            dependencies: ["CICU"]
        ),
        // The thin shell: argument parsing, file I/O, output.
        .executableTarget(
            name: "settings-l10n",
            dependencies: [
                "SettingsL10n",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package settings-l10n check Settings.bundle` from an app's package.
        .plugin(
            name: "SettingsL10nPlugin",
            capability: .command(
                intent: .custom(verb: "settings-l10n", description: "Check, extract, merge, render the localization of a Settings.bundle")
            ),
            dependencies: ["settings-l10n"]
        ),
        .testTarget(
            name: "SettingsL10nTests",
            dependencies: ["SettingsL10n"],
            // Golden files and fixtures are read from the source tree (#filePath), so that
            // RECORD_GOLDEN can rewrite them in place.
            exclude: ["Golden", "Fixtures"]
        ),
        // End-to-end tests of the built binary: stdout, stderr and exit code.
        .testTarget(
            name: "CLITests",
            dependencies: ["settings-l10n"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
