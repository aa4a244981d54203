extension String {
    /// Whether the path's last component ends in `.extension`, compared as Finder and Xcode
    /// compare extensions, without regard to ASCII case (`Root.XCSTRINGS` is a String Catalog,
    /// `DE.XCLOC` a localization package): `extension` is given in lower case, without the dot.
    package func hasPathExtension(_ extension: String) -> Bool {
        let suffix = Array(".\(`extension`)".utf8)
        let bytes = utf8
        guard bytes.count > suffix.count else { return false }
        return zip(bytes.suffix(suffix.count), suffix).allSatisfy { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == expected
        }
    }
}
