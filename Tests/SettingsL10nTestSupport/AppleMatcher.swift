import Foundation

/// Apple's own `ualoc_localizationsToUse`, from the ICU the Swift toolchain ships on Linux
/// (`lib_FoundationICU`, which CICU links) or the system's libicucore on Apple platforms (which
/// CFBundle calls it in): the oracle the matcher must agree with.
package enum AppleMatcher {
    package typealias Function = @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, Int32,
                                         UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<Int32>?) -> Int32

    package static let function: Function? = {
        // RTLD_DEFAULT: every library the process has loaded.
        #if canImport(Darwin)
        var symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "ualoc_localizationsToUse")
        #else
        var symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ualoc_localizationsToUse")
        #endif
        if symbol == nil {
            // Not loaded in this process: open the library beside the Swift runtime this process
            // uses (the toolchain's usr/lib/swift/linux), wherever the toolchain is installed.
            if let handle = dlopen(runtimeFolder().map { $0 + "/lib_FoundationICU.so" } ?? "lib_FoundationICU.so", RTLD_NOW) {
                symbol = dlsym(handle, "ualoc_localizationsToUse")
            }
        }
        return symbol.map { unsafeBitCast($0, to: Function.self) }
    }()

    /// The folder of the loaded `libswiftCore.so`, from the process's memory map.
    static func runtimeFolder() -> String? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            guard let start = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { continue }
            return String(line[start...].dropLast("/libswiftCore.so".count))
        }
        return nil
    }

    package static func localizationsToUse(preferred: [String], available: [String]) -> [String] {
        let function = function!
        let preferredC = preferred.map { strdup($0) }, availableC = available.map { strdup($0) }
        defer { (preferredC + availableC).forEach { free($0) } }
        var output = [UnsafePointer<CChar>?](repeating: nil, count: 64)
        var status: Int32 = 0
        let count = preferredC.map { UnsafePointer($0) }.withUnsafeBufferPointer { p in
            availableC.map { UnsafePointer($0) }.withUnsafeBufferPointer { a in
                function(p.baseAddress, Int32(preferred.count), a.baseAddress, Int32(available.count), &output, 64, &status)
            }
        }
        return (0..<Int(max(0, count))).map { String(cString: output[$0]!) }
    }
}

/// The cases of the differential tests against `AppleMatcher`: the folder sets of real bundles
/// and of the subtle families, the preferred languages of one language, and a few lists.
package enum MatcherCases {
    /// Folder sets: real bundles' (VLC, linphone, InAppSettingsKit, Threema, Meshtastic, a-shell)
    /// and the families where matching is subtle.
    package static let folderSets: [[String]] = [
        ["en"], ["en", "de"], ["English", "German", "French"], ["english", "german"], ["en", "en-GB"], ["en", "en_GB", "en_AU"],
        ["en", "en-GB", "en-AU", "en-IN"], ["en_US", "en_GB"], ["en-US", "de"], ["en", "es"], ["es", "es-419"], ["es", "es_MX"],
        ["es_ES", "es_419", "es_MX"], ["en", "es_419"], ["pt", "pt-BR"], ["pt-BR", "pt-PT"], ["en", "pt_BR"], ["en", "pt_PT"],
        ["pt", "pt_PT"], ["en", "zh-Hans", "zh-Hant"], ["en", "zh_CN", "zh_TW"], ["en", "zh_HK", "zh_TW", "zh_CN"],
        ["zh-Hans", "zh-Hant", "zh-HK"], ["zh", "zh_TW"], ["en", "zh_cn"], ["zh-Hant-TW", "en"], ["en", "yue"], ["sr", "sr-Latn"],
        ["sr_Latn", "en"], ["en", "sr"], ["nb", "en"], ["no", "en"], ["nn", "nb"], ["en", "id"], ["en", "in"], ["he", "en"],
        ["iw", "en"], ["fil", "en"], ["tl", "en"], ["de", "de-CH", "en"], ["de_AT", "en"], ["fr", "fr-CA"], ["fr_CA", "fr_FR"],
        ["it", "it_CH"], ["ar", "en"], ["ja", "en"], ["Japanese", "English"], ["ko", "zh-Hans", "ja", "en"], ["Base", "en", "de"],
        ["zxx", "en"], ["gsw-CH", "de", "en"], ["cy", "en", "de", "fr", "gsw-CH", "it", "ja", "nl", "pt", "sv", "zh-Hans"],
        ["en", "en-GB", "es", "es-MX", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-Hans", "zh-Hant"],
        ["ar", "bg", "ca", "cs", "da", "de", "el", "en", "en-GB", "es", "es_AR", "fa", "fi", "fr", "he", "hr", "hu", "id", "it", "ja",
         "ko", "lt", "nb", "nl", "pl", "pt", "pt_BR", "ro", "ru", "sk", "sl", "sr", "sv", "th", "tr", "uk", "vi", "zh_CN", "zh_TW"],
        ["af", "am", "ar", "be", "bg", "br", "bs", "ca", "co", "cs", "cy", "da", "de", "el", "en", "en-GB", "es", "es-MX", "et",
         "eu", "fa", "fi", "fr", "ga", "gl", "he", "hi", "hr", "hu", "id", "is", "it", "ja", "ka", "kk", "km", "ko", "lt", "lv",
         "ms", "my", "nb", "ne", "nl", "nn", "oc", "pl", "ps", "pt-BR", "pt-PT", "ro", "ru", "si", "sk", "sl", "sq", "sr", "sv",
         "ta", "te", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant"],
    ]

    package static let preferredLanguages = [
        "en", "en-US", "en-GB", "en-CA", "en-AU", "en-NZ", "en-IN", "en-001", "en-150", "en-PH", "en-JP", "en-IE", "en-SG", "en-ZA",
        "es", "es-ES", "es-MX", "es-419", "es-US", "es-GQ", "es-AR", "pt", "pt-BR", "pt-PT", "pt-AO", "zh-Hans", "zh-Hant",
        "zh-Hans-CN", "zh-Hant-TW", "zh-Hant-HK", "zh-HK", "zh-MO", "zh-TW", "zh-CN", "zh-SG", "yue-Hant-HK", "yue-Hans", "sr",
        "sr-Latn", "sr-Cyrl", "sh", "no", "nb", "nn", "nb-NO", "id", "in", "he", "iw", "fil", "tl", "de", "de-CH", "de-AT",
        "gsw-CH", "fr", "fr-CA", "fr-CH", "it", "it-CH", "ja", "ko", "ar", "ar-SA", "ru", "uk", "cy", "hi", "hi-Latn", "zxx",
    ]

    /// Preferred-language lists of several languages, most preferred first.
    package static let lists: [[String]] = [["it", "fr"], ["fr-CH", "fr-CA"], ["pt-PT", "en"], ["sv", "nb", "da"],
                                            ["zh-Hant-HK", "en"], ["en-IN", "hi"], ["ja", "zh-Hant"], ["gsw", "de"]]

    /// Every preferred-language list: each language alone, then `lists`.
    package static var preferredLists: [[String]] { preferredLanguages.map { [$0] } + lists }
}
