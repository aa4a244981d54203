import ArgumentParser

/// The value of every command's `--locale`: a language as typed (`de`, `pt-BR`, `all`), checked
/// once for all of them. An empty one is a usage error: it names no language, and a folder made
/// of its name would be the output folder itself (`render --format html` wrote one locale's
/// pages over the files there).
enum LocaleOption {
    static func value(_ text: String) throws -> String {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw ValidationError("\(text.isEmpty ? "an empty --locale" : "a --locale of only white space") names no language: give a language tag (de, pt-BR)")
        }
        return text
    }
}
