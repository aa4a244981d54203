import CICU

/// The system's ICU, where collation and locale data come from. On Linux it is loaded the first
/// time something needs it, so that commands without collation run on a machine without ICU
/// and do not pay for loading it (about 1 ms a run).
public enum ICULibrary {
    /// Why ICU cannot be used (the system loader's message, such as "libicui18n.so.72: cannot
    /// open shared object file: No such file or directory"), or `nil` when it can. Commands that
    /// collate or resolve languages ask first: without ICU, locale data would fall back to
    /// plain names silently.
    public static let unavailableReason: String? = {
        var buffer = [CChar](repeating: 0, count: 512)
        guard sl10n_icu_load(&buffer, Int32(buffer.count)) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
