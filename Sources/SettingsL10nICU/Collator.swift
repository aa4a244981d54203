import CICU
import SettingsL10nCore

/// A collator that cannot be opened for a locale.
public struct CollatorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var locale: String
    public var icuError: String

    public var description: String { "cannot open an ICU collator for \"\(locale)\": \(icuError)" }
}

/// The locale's collation, from the system ICU, set up as Foundation's `localizedCompare:`
/// compares: spaces and punctuation count, then letters, accents and case (lower case first);
/// strings that differ only in finer ways (width, hiragana and katakana) compare equal, and a
/// sort keeps them in their original order, as Foundation's merge sort does.
///
/// Not safe to share between threads; make one per task.
public final class Collator {
    /// The BCP 47 tag asked for (`sv`, `zh-Hans`).
    public let locale: String
    /// The locale whose tailoring ICU actually uses (`sv`, `root` for German, `zh`).
    public let actualLocale: String
    private let handle: OpaquePointer

    /// Opens the collator of a BCP 47 language tag (`pt_BR` is accepted as `pt-BR`).
    public init(locale: String) throws(CollatorError) {
        let tag = locale.replacingEvery("_", with: "-")
        var status: Int32 = 0
        guard let handle = sl10n_collator_open(tag, &status) else {
            throw CollatorError(locale: locale, icuError: String(cString: sl10n_error_name(status)))
        }
        self.locale = locale
        self.handle = handle
        var buffer = [CChar](repeating: 0, count: 160)
        _ = sl10n_collator_actual_locale(handle, &buffer, Int32(buffer.count))
        self.actualLocale = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        sl10n_collator_close(handle)
    }

    /// The version of the ICU library that sorts (`72.1`); output says which one it was.
    public static var icuVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = sl10n_icu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Compares two strings in this locale's order: negative, zero or positive.
    public func compare(_ left: String, _ right: String) -> Int {
        let a = Array(left.utf16), b = Array(right.utf16)
        return Int(sl10n_collator_compare(handle, a, Int32(a.count), b, Int32(b.count)))
    }

    /// The ICU sort key of `text`: comparing keys bytewise orders as `compare` does.
    public func sortKey(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var key = [UInt8](repeating: 0, count: units.count * 4 + 16)
        var length = Int(sl10n_collator_sort_key(handle, units, Int32(units.count), &key, Int32(key.count)))
        if length > key.count {
            key = [UInt8](repeating: 0, count: length)
            length = Int(sl10n_collator_sort_key(handle, units, Int32(units.count), &key, Int32(key.count)))
        }
        key.removeLast(key.count - min(length, key.count))
        return key
    }

    /// The indices of `texts` in this locale's order; equal texts keep their original order.
    public func sortedIndices(_ texts: [String]) -> [Int] {
        let keys = texts.map(sortKey)
        return keys.indices.sorted { left, right in
            let a = keys[left], b = keys[right]
            if a == b { return left < right }
            return a.lexicographicallyPrecedes(b)
        }
    }
}
