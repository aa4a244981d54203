import SettingsL10nCore

extension Catalog {
    /// The catalog as the JSON of the command-line contract (`extract --format json`), as one
    /// string.
    public var jsonText: String {
        var text = ""
        writeJSON { text += $0 }
        return text
    }

    /// The catalog as JSON, written straight to `write` in chunks of about 64 KiB without
    /// building a tree first (a large bundle's catalog is tens of megabytes of JSON).
    public func writeJSON(into write: (String) -> Void) {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.fixedKey("developmentLanguage")
        writer.string(developmentLanguage)
        writer.fixedKey("tables")
        writer.beginArray()
        for table in tables {
            writer.element()
            writer.beginObject()
            writer.fixedKey("name")
            writer.string(table.name)
            writer.fixedKey("strings")
            writer.beginArray()
            for string in table.strings {
                writer.element()
                writer.beginObject()
                writer.fixedKey("key")
                writer.string(string.key.string)
                writer.fixedKey("occurrences")
                writer.beginArray()
                for occurrence in string.occurrences {
                    writer.element()
                    writer.beginObject()
                    writer.fixedKey("file")
                    writer.string(occurrence.file)
                    writer.fixedKey("line")
                    writer.optional(occurrence.position?.line)
                    writer.fixedKey("column")
                    writer.optional(occurrence.position?.column)
                    writer.fixedKey("keyPath")
                    writer.string(occurrence.keyPath.description)
                    writer.fixedKey("specifierType")
                    writer.optional(occurrence.specifierType)
                    writer.fixedKey("field")
                    writer.string(occurrence.field.rawValue)
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
                writer.drain(ifLargerThan: 1 << 16, into: write)
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.fixedKey("unlocalized")
        writer.beginArray()
        for file in unlocalized {
            writer.element()
            writer.beginObject()
            writer.fixedKey("file")
            writer.string(file.file)
            writer.fixedKey("strings")
            writer.beginArray()
            for string in file.strings {
                writer.element()
                writer.string(string)
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.finish(into: write)
    }

    /// A readable summary: each table with its number of strings and the files they come from,
    /// then the files that are not localized.
    public var text: String {
        var out = ""
        func plural(_ count: Int, _ word: String) -> String { "\(count.grouped) \(word)\(count == 1 ? "" : "s")" }
        for table in tables {
            var perFile: [(String, Int)] = []
            for string in table.strings {
                var counted: Set<String> = []
                for occurrence in string.occurrences where counted.insert(occurrence.file).inserted {
                    if let index = perFile.firstIndex(where: { $0.0 == occurrence.file }) {
                        perFile[index].1 += 1
                    } else {
                        perFile.append((occurrence.file, 1))
                    }
                }
            }
            out += "\(table.name).strings: \(plural(table.strings.count, "string")) from \(plural(perFile.count, "schema file"))\n"
            let width = perFile.map(\.0.count).max() ?? 0
            for (file, count) in perFile {
                out += "  \(file.padded(to: width))  \(plural(count, "string"))\n"
            }
        }
        if !unlocalized.isEmpty {
            let count = unlocalized.map(\.strings.count).reduce(0, +)
            out += "Not localized (no StringsTable; shown as written): \(plural(count, "string")) in \(plural(unlocalized.count, "file"))\n"
            let width = unlocalized.map(\.file.count).max() ?? 0
            for file in unlocalized {
                out += "  \(file.file.padded(to: width))  \(plural(file.strings.count, "string"))\n"
            }
        }
        if tables.isEmpty, unlocalized.isEmpty {
            out += "No localizable strings.\n"
        }
        return out
    }
}
