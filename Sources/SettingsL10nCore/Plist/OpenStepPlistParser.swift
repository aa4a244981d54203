/// Reads old-style (OpenStep) ASCII property lists such as `{ PreferenceSpecifiers = ( ... ); }`.
enum OpenStepPlistParser {
    /// Parses a whole document: one value, then nothing but white space and comments.
    static func parse(_ bytes: [UInt8], limits: ReadLimits) throws(SyntaxError) -> PlistNode {
        let text = try DecodedText.decode(bytes)
        var scanner = OpenStepScanner(bytes: text.utf8, limits: limits)
        let root = try scanner.parseValue(depth: 0)
        if scanner.skipTrivia() {
            throw scanner.error("unexpected \(scanner.describeCharacter(at: scanner.offset)) after the end of the property list", at: scanner.offset)
        }
        return root
    }
}
