import SettingsL10nCore
import SettingsL10nICU
import SettingsL10nResolve

/// `render --format json`: the document of the command-line contract, plus the ICU and CLDR
/// versions and each locale's collation, so that sorted lists say what sorted them, and each
/// locale's preferred languages, search list and the file read for each table.
public enum RenderJSON {
    /// The document of `locales`.
    public static func document(_ locales: [LocalizedLocale], icuVersion: String = Collator.icuVersion,
                                cldrVersion: String = LocaleData.cldrVersion) -> String {
        var text = ""
        var next = 0
        writeDocument(icuVersion: icuVersion, cldrVersion: cldrVersion, into: { text += $0 }) { () -> [String]? in
            guard next < locales.count else { return nil }
            defer { next += 1 }
            return [fragment(locales[next])]
        }
        return text
    }

    /// The document of what the users `requests` see, resolved by `resolver` a few at a time on
    /// all cores and handed to `write` in chunks as they are done, so memory holds a few locales
    /// at most. `progress` hears of each locale before it is resolved.
    /// - Returns: the tables that could not be read (their locales show those keys as written).
    @discardableResult
    public static func render(_ requests: [LocaleRequest], with resolver: Resolver, icuVersion: String = Collator.icuVersion,
                              cldrVersion: String = LocaleData.cldrVersion, progress: ((_ done: Int, _ total: Int, _ locale: String) -> Void)? = nil,
                              into write: (String) -> Void) -> [Diagnostic] {
        var batches = RenderBatches(requests, resolver: resolver, progress: progress) { fragment($0) }
        writeDocument(icuVersion: icuVersion, cldrVersion: cldrVersion, into: write) { batches.next() }
        return batches.problems
    }

    /// The document around locale fragments asked for a batch at a time until `nextBatch` has
    /// none left, handed to `write` in chunks of about 64 KiB.
    private static func writeDocument(icuVersion: String, cldrVersion: String, into write: (String) -> Void, nextBatch: () -> [String]?) {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.fixedKey("icuVersion")
        writer.string(icuVersion)
        writer.fixedKey("cldrVersion")
        writer.string(cldrVersion)
        writer.fixedKey("locales")
        writer.beginArray()
        while let batch = nextBatch() {
            for fragment in batch {
                writer.element()
                // The fragment goes out as it is, never copied into the writer's buffer: a
                // locale can be megabytes.
                writer.drain(ifLargerThan: 0, into: write)
                write(fragment)
            }
        }
        writer.endArray()
        writer.endObject()
        writer.finish(into: write)
    }

    /// One locale's object, indented to sit in the `locales` array.
    static func fragment(_ locale: LocalizedLocale) -> String {
        var writer = JSONWriter(pretty: true, depth: 2)
        writer.beginObject()
        writer.fixedKey("locale")
        writer.string(locale.locale)
        writer.fixedKey("languages")
        strings(locale.languages, to: &writer)
        writer.fixedKey("localization")
        writer.optional(locale.localization)
        writer.fixedKey("searchList")
        strings(locale.searchList, to: &writer)
        writer.fixedKey("tables")
        writer.beginArray()
        for table in locale.tables {
            writer.element()
            writer.beginObject()
            writer.fixedKey("table")
            writer.string(table.table)
            writer.fixedKey("path")
            writer.optional(table.path)
            writer.endObject()
        }
        writer.endArray()
        writer.fixedKey("collation")
        writer.string(locale.collation)
        writer.fixedKey("pages")
        writer.beginArray()
        for page in locale.pages {
            writer.element()
            writer.beginObject()
            writer.fixedKey("file")
            writer.string(page.file)
            writer.fixedKey("title")
            writer.optional(page.title)
            writer.fixedKey("specifiers")
            writer.beginArray()
            for row in page.specifiers {
                writer.element()
                write(row, to: &writer)
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.fragment()
    }

    private static func strings(_ list: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in list {
            writer.element()
            writer.string(item)
        }
        writer.endArray()
    }

    private static func write(_ row: LocalizedSpecifier, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fixedKey("type")
        writer.optional(row.specifier.typeName)
        writer.fixedKey("key")
        writer.optional(row.key)
        writer.fixedKey("title")
        writer.optional(row.title)
        writer.fixedKey("footerText")
        writer.optional(row.footerText)
        writer.fixedKey("defaultValue")
        if let value = row.defaultValue { JSONValue(value).write(to: &writer) } else { writer.null() }
        writer.fixedKey("file")
        writer.optional(row.file)
        writer.fixedKey("options")
        if let options = row.options {
            writer.beginArray()
            for option in options {
                writer.element()
                writer.beginObject()
                writer.fixedKey("value")
                JSONValue(option.value).write(to: &writer)
                writer.fixedKey("title")
                writer.string(option.title)
                writer.fixedKey("shortTitle")
                writer.optional(option.shortTitle)
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

/// Resolves and renders locales a few at a time, on all cores, in order: what `render` streams.
struct RenderBatches {
    private let requests: [LocaleRequest]
    private let resolver: Resolver
    private let progress: ((Int, Int, String) -> Void)?
    private let render: @Sendable (LocalizedLocale) -> String
    private var done = 0
    /// Enough locales to keep the cores busy, few enough to keep memory small.
    private let size = 4
    /// The tables that could not be read so far, each once (a broken table can serve several
    /// locales along their search lists).
    private(set) var problems: [Diagnostic] = []

    init(_ requests: [LocaleRequest], resolver: Resolver, progress: ((Int, Int, String) -> Void)?,
         render: @escaping @Sendable (LocalizedLocale) -> String) {
        self.requests = requests
        self.resolver = resolver
        self.progress = progress
        self.render = render
    }

    /// The rendered text of the next few locales, or `nil` when all are done.
    mutating func next() -> [String]? {
        guard done < requests.count else { return nil }
        let batch = Array(requests[done..<min(done + size, requests.count)])
        for (offset, request) in batch.enumerated() { progress?(done + offset + 1, requests.count, request.name) }
        done += batch.count
        let resolver = self.resolver, render = self.render
        let results = parallelMap(batch) { request -> (String, [Diagnostic]) in
            let locale = resolver.resolve(request)
            return (render(locale), locale.problems)
        }
        for (_, found) in results {
            for problem in found where !problems.contains(problem) { problems.append(problem) }
        }
        return results.map(\.0)
    }
}
