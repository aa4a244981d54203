import SettingsL10nCore
import SettingsL10nCollation
import SettingsL10nResolve

/// `render --format json`: the document of the command-line contract, plus the ICU version and
/// each locale's collation, so that sorted lists say what sorted them.
public enum RenderJSON {
    /// The document of `locales`.
    public static func document(_ locales: [LocalizedLocale], icuVersion: String = Collator.icuVersion) -> String {
        var text = ""
        var next = 0
        writeDocument(icuVersion: icuVersion, into: { text += $0 }) { () -> [String]? in
            guard next < locales.count else { return nil }
            defer { next += 1 }
            return [fragment(locales[next])]
        }
        return text
    }

    /// The document of the locales `names`, resolved by `resolver` a few at a time on all cores
    /// and handed to `write` in chunks as they are done, so memory holds a few locales at most.
    /// `progress` hears of each locale before it is resolved.
    /// - Throws: the first `ResolveError`, once the locales before it have been handed on.
    public static func render(_ names: [String], with resolver: Resolver, icuVersion: String = Collator.icuVersion,
                              progress: ((_ done: Int, _ total: Int, _ locale: String) -> Void)? = nil,
                              into write: (String) -> Void) throws(ResolveError) {
        var batches = RenderBatches(names, resolver: resolver, progress: progress) { fragment($0) }
        try writeDocument(icuVersion: icuVersion, into: write) { () throws(ResolveError) in try batches.next() }
    }

    /// The document around locale fragments asked for a batch at a time until `nextBatch` has
    /// none left, handed to `write` in chunks of about 64 KiB.
    private static func writeDocument<Failure: Error>(icuVersion: String, into write: (String) -> Void,
                                                      nextBatch: () throws(Failure) -> [String]?) throws(Failure) {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.fixedKey("icuVersion")
        writer.string(icuVersion)
        writer.fixedKey("locales")
        writer.beginArray()
        while let batch = try nextBatch() {
            for fragment in batch {
                writer.element()
                writer.raw(fragment)
            }
            writer.drain(ifLargerThan: 1 << 16, into: write)
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
        writer.fixedKey("localization")
        writer.optional(locale.localization)
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
    private let names: [String]
    private let resolver: Resolver
    private let progress: ((Int, Int, String) -> Void)?
    private let render: @Sendable (LocalizedLocale) -> String
    private var done = 0
    /// Enough locales to keep the cores busy, few enough to keep memory small.
    private let size = 4

    init(_ names: [String], resolver: Resolver, progress: ((Int, Int, String) -> Void)?, render: @escaping @Sendable (LocalizedLocale) -> String) {
        self.names = names
        self.resolver = resolver
        self.progress = progress
        self.render = render
    }

    /// The rendered text of the next few locales, or `nil` when all are done.
    mutating func next() throws(ResolveError) -> [String]? {
        guard done < names.count else { return nil }
        let batch = Array(names[done..<min(done + size, names.count)])
        for (offset, name) in batch.enumerated() { progress?(done + offset + 1, names.count, name) }
        done += batch.count
        let resolver = self.resolver, render = self.render
        let results = parallelMap(batch) { name -> Result<String, ResolveError> in
            do throws(ResolveError) {
                return .success(render(try resolver.resolve(name)))
            } catch {
                return .failure(error)
            }
        }
        var texts: [String] = []
        for result in results { texts.append(try result.get()) }
        return texts
    }
}
