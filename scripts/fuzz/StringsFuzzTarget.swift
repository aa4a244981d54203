// libFuzzer target for the .strings parser. Built by scripts/fuzz with the parser's sources.
// Property checked beyond "no crash": whatever parses writes back byte for byte.

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? StringsParser.parse(bytes) else { return 0 }
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
