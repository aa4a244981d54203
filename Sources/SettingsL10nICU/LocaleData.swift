import CICU

/// ICU's locale data (`CICU`): what matching preferred languages to `.lproj`
/// folders needs (as Apple's `ualoc_localizationsToUse` does, in `LocalizationMatcher`).
public enum LocaleData {
    /// ICU's base name of a locale ID: `_` separators, the language lower-cased, the script
    /// title-cased, the region upper-cased, keywords dropped (`en-us` → `en_US`, `English` →
    /// `english`, `zh-hant-hk` → `zh_Hant_HK`).
    public static func baseName(_ localeID: String) -> String {
        call(localeID, sl10n_locale_base_name) ?? localeID.lowercased()
    }

    /// The locale ID without its likely subtags (`es_ES` → `es`, `pt_BR` → `pt`; `pt_PT` stays).
    public static func minimized(_ localeID: String) -> String {
        call(localeID, sl10n_locale_minimize) ?? localeID
    }

    /// The replacement of a deprecated language code (`in` → `id`, `iw` → `he`, `sh` →
    /// `sr_Latn`), or `nil` when ICU's alias data has none.
    public static func languageAlias(_ localeID: String) -> String? {
        guard let replacement = call(localeID, sl10n_locale_language_alias), !replacement.isEmpty else { return nil }
        return replacement
    }

    /// CLDR's parent of a locale where it is not the truncated ID (`en_AU` → `en_001`,
    /// `es_MX` → `es_419`, `zh_Hant` → `root`), read once.
    public static let parentLocales: [String: String] = {
        final class Pairs { var table: [String: String] = [:] }
        let pairs = Pairs()
        _ = sl10n_locale_parent_locales({ child, parent, context in
            guard let child, let parent, let context else { return }
            Unmanaged<Pairs>.fromOpaque(context).takeUnretainedValue().table[String(cString: child)] = String(cString: parent)
        }, Unmanaged.passUnretained(pairs).toOpaque())
        return pairs.table
    }()

    /// CLDR's parent of a locale where it is not the truncated ID: `parentLocales`, else the
    /// parent the locale's own data names (`sr_Latn` → `root`, `zh_Hant` → `root`, `hi_Latn` →
    /// `en_IN`), else `nil`. CLDR 46 (ICU 76) lists the parents that are root only there.
    public static func parent(of localeID: String) -> String? {
        if let parent = parentLocales[localeID] { return parent }
        guard let parent = call(localeID, sl10n_locale_explicit_parent), !parent.isEmpty else { return nil }
        return parent
    }

    /// Whether the locale's script, given or likely, is written right to left (`ar`, `he`,
    /// `ks`, `pa_Arab`; not `pa`).
    public static func isRightToLeft(_ localeID: String) -> Bool {
        localeID.withCString { sl10n_locale_is_right_to_left($0) != 0 }
    }

    /// The CLDR version of ICU's data (`46.0`).
    public static var cldrVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        let length = Int(sl10n_cldr_version(&buffer, Int32(buffer.count)))
        return String(decoding: buffer.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func call(_ localeID: String, _ function: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 160)
        let length = localeID.withCString { function($0, &buffer, Int32(buffer.count)) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
