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
        writeDocument(icuVersion: icuVersion, cldrVersion: cldrVersion, into: { text += $0 }) { each in
            for locale in locales { each(fragment(locale)) }
        }
        return text
    }

    /// The document of what the users `requests` see, resolved by `resolver` on all cores and
    /// handed to `write` in order as they are done, so memory holds a few locales at most.
    /// `progress` hears of each locale as it is handed on.
    /// - Returns: the tables that could not be read (their locales show those keys as written).
    @discardableResult
    public static func render(_ requests: [LocaleRequest], with resolver: Resolver, icuVersion: String = Collator.icuVersion,
                              cldrVersion: String = LocaleData.cldrVersion, progress: ((_ done: Int, _ total: Int, _ locale: String) -> Void)? = nil,
                              into write: (String) -> Void) -> [Diagnostic] {
        let stream = RenderStream(requests, resolver: resolver, progress: progress) { fragment($0) }
        var problems: [Diagnostic] = []
        writeDocument(icuVersion: icuVersion, cldrVersion: cldrVersion, into: write) { each in problems = stream.run(each) }
        return problems
    }

    /// The document around the locale fragments `fragments` hands over one by one, handed to
    /// `write` in chunks of about 64 KiB.
    private static func writeDocument(icuVersion: String, cldrVersion: String, into write: (String) -> Void,
                                      fragments: (_ each: (String) -> Void) -> Void) {
        withoutActuallyEscaping(write) { write in
            var writer = JSONWriter(pretty: true)
            writer.beginObject()
            writer.fixedKey("icuVersion")
            writer.string(icuVersion)
            writer.fixedKey("cldrVersion")
            writer.string(cldrVersion)
            writer.fixedKey("locales")
            writer.beginArray()
            fragments { fragment in
                writer.element()
                // The fragment goes out as it is, never copied into the writer's buffer: a
                // locale can be megabytes.
                writer.drain(ifLargerThan: 0, into: write)
                write(fragment)
            }
            writer.endArray()
            writer.endObject()
            writer.finish(into: write)
        }
    }

    /// One locale's object, indented to sit in the `locales` array.
    static func fragment(_ locale: LocalizedLocale) -> String {
        var writer = JSONWriter(pretty: true, depth: 2, capacity: estimatedSize(locale))
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
        // Pages and rows read in place: their specifiers and untranslated titles are shared
        // with the threads rendering other locales, and a copy of each would retain them.
        locale.pages.withUnsafeBufferPointer { pages in
            for page in pages.indices {
                writer.element()
                writer.beginObject()
                writer.fixedKey("file")
                writer.string(pages[page].file)
                writer.fixedKey("title")
                writer.optional(pages[page].title)
                writer.fixedKey("specifiers")
                writer.beginArray()
                pages[page].specifiers.withUnsafeBufferPointer { rows in
                    for row in rows.indices {
                        writer.element()
                        write(rows, row, to: &writer)
                    }
                }
                writer.endArray()
                writer.endObject()
            }
        }
        writer.endArray()
        writer.endObject()
        return writer.fragment()
    }

    /// About the bytes `fragment` writes for `locale` (measured: some 330 a row and 150 an
    /// option): a locale can be megabytes, and a buffer grown by doubling copies itself into
    /// fresh memory each time, page faults included, at every locale.
    private static func estimatedSize(_ locale: LocalizedLocale) -> Int {
        var rows = 0, options = 0
        locale.pages.withUnsafeBufferPointer { pages in
            for page in pages.indices {
                rows += pages[page].specifiers.count
                pages[page].specifiers.withUnsafeBufferPointer { specifiers in
                    for row in specifiers.indices { options += specifiers[row].options?.count ?? 0 }
                }
            }
        }
        return 4096 + 100 * locale.pages.count + 360 * rows + 170 * options
    }

    private static func strings(_ list: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in list {
            writer.element()
            writer.string(item)
        }
        writer.endArray()
    }

    /// The members of a row and of an option, prepared for their depth in a locale's fragment
    /// (base 2; locale, pages, page, specifiers, row: 7; options, option: 9).
    private static let rowKeys = JSONWriter.PreparedKeys(["type", "key", "title", "footerText", "defaultValue", "file", "options"], depth: 7, pretty: true)
    private static let optionKeys = JSONWriter.PreparedKeys(["value", "title", "shortTitle"], depth: 9, pretty: true)

    /// Row `index` of `rows`, read in place (a copy would retain every field).
    private static func write(_ rows: UnsafeBufferPointer<LocalizedSpecifier>, _ index: Int, to writer: inout JSONWriter) {
        writer.beginObject()
        rows[index].withWrittenFields { typeName, key, defaultValue in
            writer.key(rowKeys, 0)
            writer.optional(typeName)
            writer.key(rowKeys, 1)
            writer.optional(key)
            writer.key(rowKeys, 2)
            writer.optional(rows[index].title)
            writer.key(rowKeys, 3)
            writer.optional(rows[index].footerText)
            writer.key(rowKeys, 4)
            if let defaultValue { JSONValue(defaultValue).write(to: &writer) } else { writer.null() }
        }
        writer.key(rowKeys, 5)
        writer.optional(rows[index].file)
        writer.key(rowKeys, 6)
        if let options = rows[index].options {
            writer.beginArray()
            options.withUnsafeBufferPointer { options in
                for option in options.indices {
                    writer.element()
                    writer.beginObject()
                    writer.key(optionKeys, 0)
                    JSONValue(options[option].value).write(to: &writer)
                    writer.key(optionKeys, 1)
                    writer.string(options[option].title)
                    writer.key(optionKeys, 2)
                    writer.optional(options[option].shortTitle)
                    writer.endObject()
                }
            }
            writer.endArray()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

/// Resolves and renders locales on all cores, handing each text on in order as soon as it and
/// those before it are done: what `render` streams.
struct RenderStream {
    private let requests: [LocaleRequest]
    private let resolver: Resolver
    private let progress: ((Int, Int, String) -> Void)?
    private let render: @Sendable (LocalizedLocale) -> String

    init(_ requests: [LocaleRequest], resolver: Resolver, progress: ((Int, Int, String) -> Void)?,
         render: @escaping @Sendable (LocalizedLocale) -> String) {
        self.requests = requests
        self.resolver = resolver
        self.progress = progress
        self.render = render
    }

    /// Hands each locale's text to `body`, in the requests' order; `progress` hears of each as
    /// it is handed on. A locale can be megabytes: no more locales wait than there are cores.
    /// - Returns: the tables that could not be read, each once (a broken table can serve
    ///   several locales along their search lists).
    func run(_ body: (String) -> Void) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var done = 0
        let resolver = self.resolver, render = self.render
        parallelStream(requests, window: activeCores, { request -> (String, String, [Diagnostic]) in
            let locale = resolver.resolve(request)
            return (request.name, render(locale), locale.problems)
        }, consume: { name, text, found in
            done += 1
            progress?(done, requests.count, name)
            for problem in found where !problems.contains(problem) { problems.append(problem) }
            body(text)
        })
        return problems
    }
}
