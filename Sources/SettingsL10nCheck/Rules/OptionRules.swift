import SettingsL10nCore

/// Rules about values: option lists, slider ranges, documented value sets, defaults keys.
enum OptionRules {
    static let all: [any CheckRule] = [
        TitlesValuesCount(), ShortTitlesCount(), DefaultNotInValues(), DuplicateValues(), SliderRange(), EnumValue(),
        DefaultsKeyConflict(),
    ]

    static func entries(_ count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }

    static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): MessageText.quoted(text)
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        default: MessageText.withArticle(value.typeName)
        }
    }

    /// A scalar value as plain text (`4` for the integer 4 and for the string "4"), or `nil`.
    static func plainText(_ value: PlistValue) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// How a scalar value is written in an XML property list: `<integer>4</integer>`.
    static func element(_ value: PlistValue) -> String? {
        switch value {
        case .string(let text): "<string>\(text)</string>"
        case .integer(let number): "<integer>\(number)</integer>"
        case .real(let number): "<real>\(number)</real>"
        case .boolean(let flag): flag ? "<true/>" : "<false/>"
        default: nil
        }
    }

    struct TitlesValuesCount: CheckRule {
        let id = RuleID.titlesValuesCount
        let defaultSeverity = Severity.error
        let summary = "Titles and Values have different numbers of entries."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // At the Titles array, which the Settings app pairs with Values entry by entry.
            context.specifiers.compactMap { file, specifier in
                guard let field = specifier.field("Titles"), let titles = field.value.arrayValue, let values = specifier.values,
                      titles.count != values.count else { return nil }
                return diagnostic("Titles has \(OptionRules.entries(titles.count)), Values has \(values.count)", file: file.path,
                                  position: field.position, keyPath: field.keyPath)
            }
        }
    }

    struct ShortTitlesCount: CheckRule {
        let id = RuleID.shortTitlesCount
        let defaultSeverity = Severity.error
        let summary = "ShortTitles and Titles have different numbers of entries."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // At the ShortTitles array, which is paired with Titles entry by entry.
            context.specifiers.compactMap { file, specifier in
                guard let field = specifier.field("ShortTitles"), let short = field.value.arrayValue,
                      let titles = specifier.field("Titles")?.value.arrayValue, short.count != titles.count else { return nil }
                return diagnostic("ShortTitles has \(OptionRules.entries(short.count)), Titles has \(titles.count)", file: file.path,
                                  position: field.position, keyPath: field.keyPath)
            }
        }
    }

    struct DefaultNotInValues: CheckRule {
        let id = RuleID.defaultValueNotInValues
        let defaultSeverity = Severity.error
        let summary = "DefaultValue is none of the Values, so no option shows as chosen (often a title written where its value belongs)."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.compactMap { file, specifier in
                guard let values = specifier.values, !values.isEmpty, let field = specifier.field("DefaultValue"),
                      !values.contains(where: { PlistValue.same($0, field.value) }) else { return nil }
                var message = "DefaultValue \(OptionRules.describe(field.value)) is none of the Values"
                if let index = values.firstIndex(where: { OptionRules.plainText($0) == OptionRules.plainText(field.value) }),
                   let written = OptionRules.element(values[index]) {
                    message += ": it is \(MessageText.withArticle(field.value.typeName)), and option \(index + 1)'s value is the \(values[index].typeName) \(OptionRules.describe(values[index])); "
                        + "the Settings app compares types too, so no option shows as chosen (write \(written))"
                } else if let titles = specifier.titles, let text = field.value.stringValue,
                   let index = titles.firstIndex(of: text), index < values.count {
                    message += ": it is the title of option \(index + 1); its value is \(OptionRules.describe(values[index]))"
                } else {
                    message += ", so the Settings app shows no option as chosen"
                }
                return diagnostic(message, file: file.path, position: field.position, keyPath: field.keyPath)
            }
        }
    }

    struct DuplicateValues: CheckRule {
        let id = RuleID.duplicateValues
        let defaultSeverity = Severity.error
        let summary = "Two options have the same value, so the Settings app cannot tell which one is chosen."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.flatMap { file, specifier -> [Diagnostic] in
                guard let elements = specifier.field("Values")?.elements else { return [] }
                var found: [Diagnostic] = []
                for (index, element) in elements.enumerated() {
                    guard let first = elements[..<index].firstIndex(where: { PlistValue.same($0.value, element.value) }) else { continue }
                    found.append(diagnostic("Values[\(index)] repeats Values[\(first)] (\(OptionRules.describe(element.value))); the Settings app cannot tell these options apart",
                                            file: file.path, position: element.position, keyPath: element.keyPath))
                }
                return found
            }
        }
    }

    struct SliderRange: CheckRule {
        let id = RuleID.sliderRange
        let defaultSeverity = Severity.error
        let summary = "A slider's MinimumValue is not below its MaximumValue, or its DefaultValue lies outside them."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.compactMap { file, specifier in
                guard specifier.type == .slider, let minimum = number(specifier, "MinimumValue", file),
                      let maximum = number(specifier, "MaximumValue", file) else { return nil }
                if minimum >= maximum {
                    return diagnostic("MinimumValue \(minimum) is not below MaximumValue \(maximum)", file: file.path,
                                      position: specifier.position, keyPath: specifier.keyPath)
                }
                if let value = number(specifier, "DefaultValue", file), value < minimum || value > maximum {
                    let field = specifier.field("DefaultValue")
                    return diagnostic("DefaultValue \(value) lies outside \(minimum)...\(maximum)", file: file.path,
                                      position: field?.position, keyPath: field?.keyPath)
                }
                return nil
            }
        }

        private func number(_ specifier: Specifier, _ key: String, _ file: SchemaFile) -> Double? {
            guard let value = specifier.dictionary[key]?.value else { return nil }
            if let number = value.numberValue { return number }
            return file.format == .openStep ? value.stringValue.flatMap(Double.init) : nil
        }
    }

    struct EnumValue: CheckRule {
        let id = RuleID.enumValue
        let defaultSeverity = Severity.error
        let summary = "KeyboardType, AutocapitalizationType, AutocorrectionType or SupportedUserInterfaceIdioms holds a value outside the documented set."

        /// The sets of values `host` knows (InAppSettingsKit knows more keyboards and idioms).
        static func sets(_ host: SettingsHost) -> [(String, [String])] {
            [("KeyboardType", host.keyboardTypes), ("AutocapitalizationType", SpecifierSchema.autocapitalizationTypes),
             ("AutocorrectionType", SpecifierSchema.autocorrectionTypes)]
        }

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found: [Diagnostic] = []
            for (file, specifier) in context.specifiers {
                let host = context.host(of: file)
                for (key, allowed) in Self.sets(host) {
                    guard let field = specifier.field(key), let text = field.value.stringValue, !allowed.contains(text) else { continue }
                    found.append(problem(key: key, text: text, allowed: allowed, field: field, file: file))
                }
                for element in specifier.field("SupportedUserInterfaceIdioms")?.elements ?? [] {
                    guard let text = element.value.stringValue else {
                        found.append(diagnostic("SupportedUserInterfaceIdioms holds \(OptionRules.describe(element.value)); write \"Phone\" or \"Pad\"",
                                                file: file.path, position: element.position, keyPath: element.keyPath))
                        continue
                    }
                    if !host.idioms.contains(text) {
                        found.append(problem(key: "SupportedUserInterfaceIdioms", text: text, allowed: host.idioms, field: element, file: file))
                    }
                }
            }
            return found
        }

        private func problem(key: String, text: String, allowed: [String], field: SchemaValue, file: SchemaFile) -> Diagnostic {
            let suggestion = Suggestion.closest(to: text, in: allowed, maximumDistance: 3).map { "; did you mean \($0)?" } ?? ""
            return diagnostic("\(key) \(MessageText.quoted(text)) is not one of \(allowed.joined(separator: ", "))\(suggestion)",
                              file: file.path, position: field.position, keyPath: field.keyPath)
        }
    }

    struct DefaultsKeyConflict: CheckRule {
        let id = RuleID.defaultsKeyConflict
        let defaultSeverity = Severity.error
        let summary = "Two specifiers write the same defaults Key with different types or different default values."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // Defaults keys are CFStrings too: `Café` in NFC and in NFD are two preferences.
            var seen: [StringsKey: (file: SchemaFile, specifier: Specifier)] = [:]
            var found: [Diagnostic] = []
            for (file, specifier) in context.specifiers {
                guard let key = specifier.key, let type = specifier.type, type != .group, type != .childPane else { continue }
                guard let (firstFile, first) = seen[StringsKey(key)] else {
                    seen[StringsKey(key)] = (file, specifier)
                    continue
                }
                let where_ = "\(firstFile.path)\(first.position.map { ":\($0.line)" } ?? "") (\(first.keyPath))"
                if type.isStandard, let firstType = first.type, firstType.isStandard, firstType != type {
                    found.append(diagnostic("the defaults key \(MessageText.quoted(key)) is also written by \(MessageText.withArticle(firstType.name)) at \(where_); this \(type.name) stores another kind of value",
                                            file: file.path, position: specifier.position, keyPath: specifier.keyPath))
                } else if let a = first.defaultValue, let b = specifier.defaultValue, !PlistValue.equivalent(a, b) {
                    let field = specifier.field("DefaultValue")
                    found.append(diagnostic("the defaults key \(MessageText.quoted(key)) defaults to \(OptionRules.describe(b)) here but to \(OptionRules.describe(a)) at \(where_)",
                                            file: file.path, position: field?.position, keyPath: field?.keyPath))
                }
            }
            return found
        }
    }
}
