import CICU
import SettingsL10nCore

/// A collator that cannot be opened for a locale.
public struct CollatorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var locale: String
    public var icuError: String

    public var description: String { "cannot open an ICU collator for \"\(locale)\": \(icuError)" }
}

/// The locale's collation, from ICU (`CICU`), set up as Foundation's `localizedCompare:`
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
    public convenience init(locale: String) throws(CollatorError) {
        try self.init(locale: locale, strength: 2, caseLevel: true, numeric: false)
    }

    /// A collator with spaces and punctuation significant, the given strength (1 to 3), case
    /// level and numeric ordering of digits (`2` before `10`).
    init(locale: String, strength: Int32, caseLevel: Bool, numeric: Bool) throws(CollatorError) {
        let tag = locale.replacingEvery("_", with: "-")
        var status: Int32 = 0
        guard let handle = sl10n_collator_open_with(tag, strength, caseLevel ? 1 : 0, numeric ? 1 : 0, &status) else {
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

    /// The version of the ICU library that sorts (`76.1`); output says which one it was.
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
        // Each text converted once, then compared pairwise: for the short lists of a settings
        // page, a comparison stops at the first difference and costs less than a sort key.
        let units = texts.map { Array($0.utf16) + [0] }
        return texts.indices.sorted { left, right in
            let order = units[left].withUnsafeBufferPointer { a in
                units[right].withUnsafeBufferPointer { b in
                    sl10n_collator_compare(handle, a.baseAddress, Int32(a.count - 1), b.baseAddress, Int32(b.count - 1))
                }
            }
            return order != 0 ? order < 0 : left < right
        }
    }
}

/// The order Foundation's `JSONSerialization` writes sorted keys in, which is the order of the
/// keys of Xcode's String Catalogs and `.xcloc` files: `compare(_:options:range:locale:)` with
/// `.numeric`, `.caseInsensitive` and `.forcedOrdering` in the system locale (root collation;
/// `%` before `+` before `$`, `32` before `360`, `Baidu` before `baidu.com`). Ties at
/// secondary strength are broken with case and finer differences, then by UTF-16 code units.
///
/// Not safe to share between threads; make one per task.
public final class FoundationKeyOrder {
    private let caseInsensitive: Collator
    private let tieBreak: Collator

    public init() throws(CollatorError) {
        caseInsensitive = try Collator(locale: "und", strength: 2, caseLevel: false, numeric: true)
        tieBreak = try Collator(locale: "und", strength: 3, caseLevel: true, numeric: true)
    }

    /// Negative, zero or positive: zero only for equal strings.
    public func compare(_ left: String, _ right: String) -> Int {
        let first = caseInsensitive.compare(left, right)
        if first != 0 { return first }
        let second = tieBreak.compare(left, right)
        if second != 0 { return second }
        // Equal numbers: the one written with fewer leading zeros first (a2, a02).
        let zeros = (Self.leadingZeros(left), Self.leadingZeros(right))
        if zeros.0 != zeros.1 { return zeros.0 < zeros.1 ? -1 : 1 }
        if left.utf16.elementsEqual(right.utf16) { return 0 }
        return left.utf16.lexicographicallyPrecedes(right.utf16) ? -1 : 1
    }

    /// How many zeros lead the runs of ASCII digits of `text`.
    static func leadingZeros(_ text: String) -> Int {
        var count = 0
        var previousIsDigit = false, inLeadingZeros = false
        for unit in text.utf8 {
            let isDigit = unit >= 0x30 && unit <= 0x39
            if isDigit && !previousIsDigit { inLeadingZeros = true }
            if isDigit && inLeadingZeros {
                if unit == 0x30 { count += 1 } else { inLeadingZeros = false }
            }
            previousIsDigit = isDigit
        }
        return count
    }

    /// `keys` in this order.
    public func sorted(_ keys: [String]) -> [String] {
        let primary = keys.map(caseInsensitive.sortKey)
        return keys.indices.sorted { a, b in
            if primary[a] != primary[b] { return primary[a].lexicographicallyPrecedes(primary[b]) }
            return compare(keys[a], keys[b]) < 0
        }.map { keys[$0] }
    }
}
