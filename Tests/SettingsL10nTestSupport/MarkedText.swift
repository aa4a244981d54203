/// Text with position markers (`1️⃣`, `2️⃣`...) where findings are expected, as swift-format's
/// tests mark them: the markers are removed, and their 1-based line and column kept.
package struct MarkedText {
    package static let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    package let text: String
    package let positions: [Character: TextPositionValue]

    package struct TextPositionValue: Equatable {
        package var line: Int
        package var column: Int
    }

    package init(_ marked: String) {
        var text = ""
        var positions: [Character: TextPositionValue] = [:]
        var line = 1, column = 1
        for character in marked {
            if Self.markers.contains(character) {
                positions[character] = TextPositionValue(line: line, column: column)
                continue
            }
            text.append(character)
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.positions = positions
    }

    package subscript(marker: Character) -> (line: Int, column: Int) {
        let position = positions[marker]!
        return (position.line, position.column)
    }
}
