/// Generated translations that show layout problems before real ones exist.
public enum PseudoLocale: String, Hashable, Sendable, CaseIterable {
    /// Accented letters: "Sound" → "Šöûñð".
    case accented = "pseudo-accented"
    /// About 40% longer, in brackets: "Sound" → "[Sound ~~~]".
    case long = "pseudo-long"
    /// Right to left, with right-to-left marks around the text.
    case rightToLeft = "pseudo-rtl"

    static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ",
        "k": "ķ", "l": "ľ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
        "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Í", "J": "Ĵ",
        "K": "Ķ", "L": "Ľ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ",
        "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    /// The pseudo-translation of `text`.
    public func translate(_ text: String) -> String {
        switch self {
        case .accented:
            return String(text.map { Self.accents[$0] ?? $0 })
        case .long:
            let extra = max(2, Int((Double(text.count) * 0.4).rounded(.up)))
            return "[" + text + " " + String(repeating: "~", count: max(0, extra - 3)) + "]"
        case .rightToLeft:
            // RIGHT-TO-LEFT EMBEDDING ... POP DIRECTIONAL FORMATTING, marks on both ends.
            return "\u{200F}\u{202B}" + text + "\u{202C}\u{200F}"
        }
    }
}
