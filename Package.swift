// swift-tools-version:6.0
import PackageDescription

// The layers (Development.md draws the map). Each feature sees the core and the features listed
// in its dependencies, never one above it: the compiler refuses an arrow that runs back down.
//
//   settings-l10n (CLI) ── SettingsL10n (umbrella for library users)
//     Render ─ Resolve ─ ICU ─ CICU
//     Status ─ Check
//     Merge, Exchange, Check, Resolve ─ Extract; Exchange ─ ICU (Xcode's key order)
//     every feature ─ Core (text, plists, .strings, bundle, languages, diagnostics, JSON)
//     Files (the one writer) ─ Core; only the CLI and library users write through it
let package = Package(
    name: "settings-l10n",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "settings-l10n", targets: ["settings-l10n"]),
        .library(name: "SettingsL10n", targets: ["SettingsL10n"]),
        .plugin(name: "SettingsL10nPlugin", targets: ["SettingsL10nPlugin"]),
        .plugin(name: "SettingsL10nCheckPlugin", targets: ["SettingsL10nCheckPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // A handful of stable C wrappers over ICU, with the declarations of Sources/CICU/icu.h
        // (scripts/check-icu-declarations). Linux: the Swift toolchain's own ICU
        // (lib_FoundationICU: ICU 76 with Apple's additions, its data built in), linked into
        // every build, statically with --static-swift-stdlib (make release, make dist): no system
        // ICU to install or load. Apple platforms: the system's libicucore (no Homebrew, no flags).
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
                .linkedLibrary("icucore", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst])),
            ]
        ),
        // glibc's mallopt, for the executable to tune the allocator (a header, no code).
        .systemLibrary(name: "CMalloc"),

        // The core: text decoding and XML scanning, the property-list readers, the lossless
        // .strings codec, the bundle model, loader and writer, language tags, diagnostics as
        // values and their formatters, JSON. It depends on no feature.
        .target(name: "SettingsL10nCore"),
        // The one writer: the only code that creates, replaces, renames or removes a file (tables,
        // catalogs, exports, reports, baselines, stamps, pages), with one set of guarantees for
        // all (atomic, still the one read, inside the bundle or the output by device and inode,
        // no link followed inside an output, debris swept, one durability policy).
        .target(name: "SettingsL10nFiles", dependencies: ["SettingsL10nCore"]),
        // The features, as values and pure functions. None prints, none exits.
        .target(name: "SettingsL10nExtract", dependencies: ["SettingsL10nCore"]),
        .target(name: "SettingsL10nExchange", dependencies: ["SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nICU", "SettingsL10nResolve"]),
        .target(name: "SettingsL10nMerge", dependencies: ["SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nResolve"]),
        .target(name: "SettingsL10nCheck", dependencies: ["SettingsL10nCore", "SettingsL10nExtract"]),
        .target(name: "SettingsL10nStatus", dependencies: ["SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nCheck"]),
        .target(name: "SettingsL10nICU", dependencies: ["SettingsL10nCore", "CICU"]),
        .target(name: "SettingsL10nResolve", dependencies: ["SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nICU"]),
        .target(name: "SettingsL10nRender", dependencies: ["SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nICU", "SettingsL10nResolve"]),
        // Every layer under one name, for tools that use settings-l10n as a library.
        .target(
            name: "SettingsL10n",
            dependencies: [
                "SettingsL10nCore", "SettingsL10nExtract", "SettingsL10nExchange", "SettingsL10nMerge", "SettingsL10nCheck",
                "SettingsL10nStatus", "SettingsL10nICU", "SettingsL10nResolve", "SettingsL10nRender", "SettingsL10nFiles",
            ]
        ),
        // The thin shell: argument parsing, file I/O, output.
        .executableTarget(
            name: "settings-l10n",
            dependencies: [
                "SettingsL10n",
                "SettingsL10nFiles",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The pre-commit hooks' command when pre-commit builds this package (`language: swift`):
        // it runs scripts/pre-commit-hook with the settings-l10n built beside it. No product.
        .executableTarget(name: "settings-l10n-pre-commit"),
        // `swift package settings-l10n check Settings.bundle` from an app's package.
        .plugin(
            name: "SettingsL10nPlugin",
            capability: .command(
                intent: .custom(verb: "settings-l10n", description: "Check, extract, merge, render the localization of a Settings.bundle")
            ),
            dependencies: ["settings-l10n"]
        ),
        // `check` on a target's Settings.bundle during every build that changes it (read-only;
        // findings in the build log, errors fail the build). Xcode projects too, through
        // XcodeProjectPlugin.
        .plugin(name: "SettingsL10nCheckPlugin", capability: .buildTool(), dependencies: ["settings-l10n"]),

        // Tests mirror the sources: one target per layer, sharing paths, fixtures and golden
        // files through one support target. Golden files and fixtures are read from the source
        // tree (#filePath), so that RECORD_GOLDEN can rewrite them in place.
        .target(name: "SettingsL10nTestSupport", dependencies: ["SettingsL10nCore"], path: "Tests/SettingsL10nTestSupport"),
        .testTarget(name: "SettingsL10nCoreTests", dependencies: ["SettingsL10nCore", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nFilesTests", dependencies: ["SettingsL10nFiles", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nExtractTests", dependencies: ["SettingsL10nExtract", "SettingsL10nTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "SettingsL10nExchangeTests", dependencies: ["SettingsL10nExchange", "SettingsL10nFiles", "SettingsL10nTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "SettingsL10nMergeTests", dependencies: ["SettingsL10nMerge", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nCheckTests", dependencies: ["SettingsL10nCheck", "SettingsL10nStatus", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nICUTests", dependencies: ["SettingsL10nICU", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nResolveTests", dependencies: ["SettingsL10nResolve", "SettingsL10nTestSupport"]),
        .testTarget(name: "SettingsL10nRenderTests", dependencies: ["SettingsL10nRender", "SettingsL10nTestSupport"], exclude: ["Golden"]),
        // The real bundles of Tests/Corpus (vendored, and fetched by scripts/fetch-corpus), through every layer.
        .testTarget(name: "CorpusTests", dependencies: ["SettingsL10n", "SettingsL10nTestSupport"], exclude: ["Golden"]),
        // End-to-end tests of the built binary: stdout, stderr and exit code.
        .testTarget(name: "CLITests", dependencies: ["settings-l10n", "SettingsL10nICU", "SettingsL10nTestSupport"], exclude: ["Fixtures", "Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
