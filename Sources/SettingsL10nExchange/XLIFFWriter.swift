import SettingsL10nCore

/// Writes XLIFF 1.2 documents as Xcode does: one `<file>` per table, `xml:space="preserve"` on
/// every unit, text escaped so that any string survives the trip.
public enum XLIFFWriter {
    public static func xml(_ document: XLIFFDocument, toolVersion: String = SettingsL10nVersion.current) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" version=\"1.2\" xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">\n"
        for file in document.files {
            out += "  <file original=\"\(attribute(file.original))\" source-language=\"\(attribute(file.sourceLanguage))\""
            if let target = file.targetLanguage { out += " target-language=\"\(attribute(target))\"" }
            out += " datatype=\"plaintext\">\n"
            out += "    <header>\n"
            out += "      <tool tool-id=\"settings-l10n\" tool-name=\"settings-l10n\" tool-version=\"\(attribute(toolVersion))\"/>\n"
            out += "    </header>\n"
            out += "    <body>\n"
            for unit in file.units {
                // approved="yes" tells tools such as Translate Toolkit that a translated unit is
                // not fuzzy; units waiting for review are not approved.
                let approved = unit.target != nil && unit.state == "translated" ? " approved=\"yes\"" : ""
                let translate = unit.translate ? "" : " translate=\"no\""
                out += "      <trans-unit id=\"\(attribute(unit.id))\"\(approved)\(translate) xml:space=\"preserve\">\n"
                out += "        <source>\(text(unit.source))</source>\n"
                if let target = unit.target {
                    out += "        <target"
                    if let state = unit.state { out += " state=\"\(attribute(state))\"" }
                    out += ">\(text(target))</target>\n"
                }
                for location in unit.locations {
                    out += "        <context-group purpose=\"location\">"
                    out += "<context context-type=\"sourcefile\">\(text(location.file))</context>"
                    if let line = location.line { out += "<context context-type=\"linenumber\">\(line)</context>" }
                    out += "</context-group>\n"
                }
                for note in unit.notes {
                    out += "        <note from=\"developer\">\(text(note))</note>\n"
                }
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n"
            out += "  </file>\n"
        }
        out += "</xliff>\n"
        return out
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
        escaped(string, inAttribute: false)
    }

    /// Escapes an attribute value; white space other than spaces is written as references,
    /// since XML readers turn literal line breaks and tabs in attributes into spaces.
    static func attribute(_ string: String) -> String {
        escaped(string, inAttribute: true)
    }

    private static func escaped(_ string: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
