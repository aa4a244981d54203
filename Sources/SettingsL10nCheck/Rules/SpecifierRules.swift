import SettingsL10nCore

/// Rules about each specifier's type and keys, from Apple's schema reference.
enum SpecifierRules {
    static let all: [any CheckRule] = [
        TypeMissing(), TypeUnknown(), TypeThirdParty(), RequiredKeyMissing(), ValueType(), KeyMisspelled(), KeyIgnored(),
    ]

    /// Families of specifier types that in-app settings libraries add; the Settings app skips them.
    static let thirdPartyPrefixes = ["IASK"]

    struct TypeMissing: CheckRule {
        let id = RuleID.specifierTypeMissing
        let defaultSeverity = Severity.error
        let summary = "A specifier has no Type (or a Type that is not a string); the Settings app cannot show it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.compactMap { file, specifier in
                guard specifier.type == nil else { return nil }
                let what = specifier.dictionary["Type"].map { "\(MessageText.withArticle($0.value.typeName)) as Type" } ?? "no Type"
                let title = specifier.title.map { " (titled \(MessageText.quoted($0)))" } ?? ""
                let effect = context.host(of: file) == .inAppSettingsKit
                    ? "InAppSettingsKit shows it as a plain row with only its title, and the Settings app skips it"
                    : "the Settings app cannot show it"
                return diagnostic("this specifier\(title) has \(what); \(effect)", file: file.path,
                                  position: specifier.position, keyPath: specifier.keyPath)
            }
        }
    }

    struct TypeUnknown: CheckRule {
        let id = RuleID.specifierTypeUnknown
        let defaultSeverity = Severity.error
        let summary = "A specifier's Type is none of the eight of Apple's reference (a typo, say); the Settings app skips it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.compactMap { file, specifier in
                guard case .other(let name)? = specifier.type,
                      !SpecifierRules.thirdPartyPrefixes.contains(where: { name.hasPrefix($0) }) else { return nil }
                let suggestion = Suggestion.closest(to: name, in: SpecifierType.standard.map(\.name), maximumDistance: 3)
                    .map { "; did you mean \($0)?" } ?? ""
                let field = specifier.field("Type")
                return diagnostic("unknown Type \(MessageText.quoted(name)): the Settings app skips this specifier\(suggestion)",
                                  file: file.path, position: field?.position ?? specifier.position, keyPath: field?.keyPath)
            }
        }
    }

    struct TypeThirdParty: CheckRule {
        let id = RuleID.specifierTypeThirdParty
        let defaultSeverity = Severity.warning
        let summary = "A specifier's Type belongs to an in-app settings library (IASK*): the Settings app itself skips it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // Checked for InAppSettingsKit (--in-app), its types are expected.
            guard context.catalog.host == .settingsApp else { return [] }
            return context.specifiers.compactMap { file, specifier in
                guard case .other(let name)? = specifier.type,
                      SpecifierRules.thirdPartyPrefixes.contains(where: { name.hasPrefix($0) }),
                      !file.name.isInApp else { return nil }
                let field = specifier.field("Type")
                return diagnostic("\(name) is an InAppSettingsKit type: apps using InAppSettingsKit show it, but the Settings app skips it; "
                                  + "if the app shows this bundle with InAppSettingsKit, check with --in-app (or \"inApp\": true in the configuration)",
                                  file: file.path, position: field?.position ?? specifier.position, keyPath: field?.keyPath)
            }
        }
    }

    struct RequiredKeyMissing: CheckRule {
        let id = RuleID.requiredKeyMissing
        let defaultSeverity = Severity.error
        let summary = "A key the reference requires for the specifier's type is missing (a multi-value's Values, a slider's MaximumValue...)."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.specifiers.flatMap { file, specifier -> [Diagnostic] in
                guard let schema = specifier.type?.schema else { return [] }
                let exempt = file.name.isInApp && specifier.opensInAppViewController ? "File" : nil
                return schema.requiredKeys.filter { specifier.dictionary[$0.name] == nil && $0.name != exempt }.map { key in
                    diagnostic("\(schema.type.name) requires \(key.name), which this specifier does not have", file: file.path,
                               position: specifier.position, keyPath: specifier.keyPath)
                }
            }
        }
    }

    struct ValueType: CheckRule {
        let id = RuleID.valueType
        let defaultSeverity = Severity.error
        let summary = "A value has the wrong type: Title not a string, Titles not an array, MinimumValue not a number, StringsTable not a string..."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found = context.bundle.diagnostics.filter { $0.rule == id }
            for (file, specifier) in context.specifiers {
                guard let schema = specifier.type?.schema else { continue }
                for key in schema.keys {
                    guard let field = specifier.field(key.name), let expected = expectation(key.kind, field.value, format: file.format) else { continue }
                    found.append(diagnostic("\(key.name) must be \(expected), not \(article(field.value.typeName))", file: file.path,
                                            position: field.position, keyPath: field.keyPath))
                }
            }
            return found
        }

        /// What the value should have been, or `nil` when it is fine. OpenStep property lists
        /// hold only strings, so "YES" and "1" stand for booleans and numbers there.
        private func expectation(_ kind: SchemaValueKind, _ value: PlistValue, format: PlistFormat) -> String? {
            let text = format == .openStep ? value.stringValue : nil
            switch kind {
            case .string, .oneOf:
                return value.stringValue == nil ? "a string" : nil
            case .boolean:
                if value.booleanValue != nil { return nil }
                if let text, ["YES", "NO", "true", "false", "1", "0"].contains(text) { return nil }
                return "a boolean"
            case .number:
                if value.numberValue != nil { return nil }
                if let text, Double(text) != nil { return nil }
                return "a number"
            case .scalar:
                return value.isScalar ? nil : "a single value (string, number, boolean, date or data)"
            case .any:
                return nil
            case .array, .arrayOfStrings:
                return value.arrayValue == nil ? "an array" : nil
            }
        }

        private func article(_ typeName: String) -> String {
            MessageText.withArticle(typeName)
        }
    }

    struct KeyMisspelled: CheckRule {
        let id = RuleID.keyMisspelled
        let defaultSeverity = Severity.warning
        let summary = "A key is a misspelling of a known key (DefaultVaule, Titels, StringTable, InAppSettingsKit's IASKSubtitel); the suggestion names the right one."

        static let rootKeys = ["PreferenceSpecifiers", "StringsTable", "ApplicationGroupContainerIdentifier"]

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found: [Diagnostic] = []
            let known = Set(SpecifierSchema.allKeyNames)
            // In their stable order: of equally close keys, the same one is suggested every run.
            let candidates = Suggestion.Candidates(SpecifierSchema.allKeyNames)
            for file in context.bundle.schemaFiles {
                for entry in file.otherRootKeys {
                    if let suggestion = Suggestion.closest(to: entry.key, in: Self.rootKeys) {
                        found.append(diagnostic("unknown root key \(MessageText.quoted(entry.key)); did you mean \(suggestion)?",
                                                file: file.path, position: entry.keyPosition, keyPath: PlistKeyPath(stringLiteral: entry.key)))
                    }
                }
            }
            // InAppSettingsKit's members are its own: one of its prefix that it does not read
            // (whose strings no one shows) is compared with those.
            let inAppKnown = Set(SettingsHost.inAppSettingsKitMemberKeys)
            let inAppCandidates = Suggestion.Candidates(SettingsHost.inAppSettingsKitMemberKeys)
            for (file, specifier) in context.specifiers {
                for entry in specifier.dictionary.entries where !known.contains(entry.key) && !inAppKnown.contains(entry.key) {
                    let isInApp = entry.key.hasPrefix("IASK")
                    guard let suggestion = (isInApp ? inAppCandidates : candidates).closest(to: entry.key) else { continue }
                    found.append(diagnostic("unknown key \(MessageText.quoted(entry.key)); did you mean \(suggestion)?", file: file.path,
                                            position: entry.keyPosition, keyPath: specifier.keyPath.appending(entry.key)))
                }
            }
            return found
        }
    }

    struct KeyIgnored: CheckRule {
        let id = RuleID.keyIgnored
        let defaultSeverity = Severity.warning
        let summary = "A key belongs to other specifier types and is ignored on this one (a Title on a slider, a Key on a child pane)."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            let known = Set(SpecifierSchema.allKeyNames)
            return context.specifiers.flatMap { file, specifier -> [Diagnostic] in
                guard let schema = specifier.type?.schema else { return [] }
                // InAppSettingsKit shows a multi-value's FooterText (SettingsHost).
                let shown = Set(specifier.shownFields(in: context.host(of: file)).map(\.rawValue))
                return specifier.dictionary.entries.filter { known.contains($0.key) && schema.key($0.key) == nil && !shown.contains($0.key) }.map { entry in
                    diagnostic("\(entry.key) is ignored on \(MessageText.withArticle(schema.type.name))", file: file.path, position: entry.keyPosition,
                               keyPath: specifier.keyPath.appending(entry.key))
                }
            }
        }
    }
}
