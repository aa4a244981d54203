/// `render --format json`: the document of the command-line contract, plus the ICU version and
/// each locale's collation, so that sorted lists say what sorted them.
public enum RenderJSON {
    public static func document(_ locales: [LocalizedLocale], icuVersion: String = Collator.icuVersion) -> JSONValue {
        .object([
            ("icuVersion", .string(icuVersion)),
            ("locales", .array(locales.map { locale in
                .object([
                    ("locale", .string(locale.locale)),
                    ("localization", .optional(locale.localization)),
                    ("collation", .string(locale.collation)),
                    ("pages", .array(locale.pages.map { page in
                        .object([
                            ("file", .string(page.file)),
                            ("title", .optional(page.title)),
                            ("specifiers", .array(page.specifiers.map(specifier))),
                        ])
                    })),
                ])
            })),
        ])
    }

    static func specifier(_ row: LocalizedSpecifier) -> JSONValue {
        .object([
            ("type", .optional(row.specifier.typeName)),
            ("key", .optional(row.key)),
            ("title", .optional(row.title)),
            ("footerText", .optional(row.footerText)),
            ("defaultValue", row.defaultValue.map(JSONValue.init) ?? .null),
            ("file", .optional(row.file)),
            ("options", row.options.map { options in
                .array(options.map { option in
                    .object([("value", JSONValue(option.value)), ("title", .string(option.title)), ("shortTitle", .optional(option.shortTitle))])
                })
            } ?? .null),
        ])
    }
}
