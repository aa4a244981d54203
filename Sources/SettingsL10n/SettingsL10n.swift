// The library for tools that work with Settings bundles: `import SettingsL10n` brings every layer
// (see Development.md for the map). Each layer is also a module of its own.
@_exported import SettingsL10nCore
@_exported import SettingsL10nExtract
@_exported import SettingsL10nExchange
@_exported import SettingsL10nMerge
@_exported import SettingsL10nCheck
@_exported import SettingsL10nStatus
@_exported import SettingsL10nICU
@_exported import SettingsL10nResolve
@_exported import SettingsL10nRender
@_exported import SettingsL10nFiles
