extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `string`, copied from the string's own storage in one step, where
    /// `append(contentsOf: string.utf8)` takes the generic path of a sequence (some 170
    /// instructions a call for a short literal: a location comment is a dozen such pieces).
    @inline(__always)
    package mutating func appendUTF8(_ string: String) {
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }
}
