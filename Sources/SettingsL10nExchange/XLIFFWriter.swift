import SettingsL10nCore

/// Writes XLIFF 1.2 documents as Xcode does: one `<file>` per table, `xml:space="preserve"` on
/// every unit, text escaped so that any string survives the trip.
public enum XLIFFWriter {
    public static func xml(_ document: XLIFFDocument, toolVersion: String = SettingsL10nVersion.current) -> String {
        String(decoding: bytes(document, toolVersion: toolVersion), as: UTF8.self)
    }

    /// `xml` as UTF-8, written straight into bytes: building it as a String, piece by piece
    /// through interpolations, was most of an export's time.
    public static func bytes(_ document: XLIFFDocument, toolVersion: String = SettingsL10nVersion.current) -> [UInt8] {
        var out = XMLOutput()
        out.bytes.reserveCapacity(document.files.reduce(0) { $0 + 256 + $1.units.count * 320 })
        out.literal("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.literal("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">\n")
        for file in document.files {
            out.literal("  <file")
            out.attribute(" original", file.original)
            out.attribute(" source-language", file.sourceLanguage)
            if let target = file.targetLanguage { out.attribute(" target-language", target) }
            out.literal(" datatype=\"plaintext\">\n")
            out.literal("    <header>\n")
            out.literal("      <tool tool-id=\"settings-l10n\" tool-name=\"settings-l10n\"")
            out.attribute(" tool-version", toolVersion)
            out.literal("/>\n")
            out.literal("    </header>\n")
            out.literal("    <body>\n")
            for unit in file.units {
                out.literal("      <trans-unit")
                out.attribute(" id", unit.id)
                // approved="yes" tells tools such as Translate Toolkit that a translated unit is
                // not fuzzy; units waiting for review are not approved.
                if unit.target != nil && unit.state == "translated" { out.literal(" approved=\"yes\"") }
                if !unit.translate { out.literal(" translate=\"no\"") }
                out.literal(" xml:space=\"preserve\">\n")
                out.literal("        <source>")
                out.text(unit.source)
                out.literal("</source>\n")
                if let target = unit.target {
                    out.literal("        <target")
                    if let state = unit.state { out.attribute(" state", state) }
                    out.literal(">")
                    out.text(target)
                    out.literal("</target>\n")
                }
                for location in unit.locations {
                    out.literal("        <context-group purpose=\"location\">")
                    out.literal("<context context-type=\"sourcefile\">")
                    out.text(location.file)
                    out.literal("</context>")
                    if let line = location.line {
                        out.literal("<context context-type=\"linenumber\">")
                        out.bytes.append(contentsOf: String(line).utf8)
                        out.literal("</context>")
                    }
                    out.literal("</context-group>\n")
                }
                for note in unit.notes {
                    out.literal("        <note from=\"developer\">")
                    out.text(note)
                    out.literal("</note>\n")
                }
                out.literal("      </trans-unit>\n")
            }
            out.literal("    </body>\n")
            out.literal("  </file>\n")
        }
        out.literal("</xliff>\n")
        return out.bytes
    }

    /// Whether XML 1.0 can hold `text` at all (it cannot hold most control characters).
    package static func isRepresentable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
    }

    /// Escapes character data; a carriage return is written as a reference so XML readers keep it.
    static func text(_ string: String) -> String {
        var out = XMLOutput()
        out.text(string)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Escapes an attribute value; white space other than spaces is written as references,
    /// since XML readers turn literal line breaks and tabs in attributes into spaces.
    static func attribute(_ string: String) -> String {
        var out = XMLOutput()
        out.attribute(string)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
