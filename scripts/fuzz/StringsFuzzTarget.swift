// libFuzzer target for the .strings parser. Built by scripts/fuzz with the parser's sources.
// Properties checked beyond "no crash": whatever parses writes back byte for byte, and the
// lookup scan (keys and values read in place) reads exactly the entries the parse reads, with
// the same settings-l10n comments (review marks, the obsolete marker, location comments).

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scan = try? StringsParser.scan(bytes)
    guard let document = try? StringsParser.parse(bytes) else {
        if scan != nil { fatalError("scan read \(size) bytes that parse rejects") }
        return 0
    }
    let parsed = document.entries.map {
        StringsScan.Entry(key: $0.key, value: $0.value.stringValue, position: $0.position, valuePosition: $0.valuePosition,
                          needsReview: $0.needsReview, isUntranslatedFill: $0.isUntranslatedFill)
    }
    guard let scan, scan.entries == parsed else {
        fatalError("scan and parse disagree on \(size) bytes")
    }
    // The scan's flags for what check compares with merge: the obsolete marker among the
    // comments above an entry, and the hash of its first location comment.
    scan.withBytes { flags in
        for (index, entry) in document.entries.enumerated() {
            let comments = entry.comments
            let marker = comments.contains { $0.hasPrefix("/* settings-l10n: obsolete") }
            let location = comments.first { comment in var text = comment; return text.withUTF8 { StringsTrivia.isLocationComment($0) } }
            let hash = location.map { comment in var text = comment; return text.withUTF8 { StringsTrivia.commentHash($0) } }
            if flags.opensObsoleteSection(index) != marker || flags.locationHash(index) != hash {
                fatalError("scan and parse disagree on the settings-l10n comments of entry \(index) in \(size) bytes")
            }
        }
    }
    let written = document.encoded()
    if written != bytes {
        fatalError("round trip changed \(size) bytes into \(written.count)")
    }
    for entry in document.entries {
        // Each entry's key must read back when written with StringsWriting.
        let source = StringsWriting.entrySource(key: entry.key, value: entry.stringValue ?? "")
        guard let reread = try? StringsParser.parse(Array(source.utf8)),
              reread.entries.count == 1, reread.entries[0].key == entry.key else {
            fatalError("StringsWriting does not round-trip the key \(entry.key.debugDescription)")
        }
    }
    return 0
}
