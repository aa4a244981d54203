// libFuzzer target for the property-list reader (XML, binary, OpenStep). Built by scripts/fuzz-run.
// Property checked beyond "no crash": a StringsTable taken as a table name is a plain file name.

@_cdecl("LLVMFuzzerTestOneInput")
public func plistFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let (root, format) = try? PropertyListReader.read(bytes) {
        let file = SchemaFile(path: "Root.plist", root: root, format: format)
        // A table name becomes a file name beside the others: never a path, hidden or cut short.
        if let table = file.stringsTableName,
           table.isEmpty || table.hasPrefix(".") || table.contains("/") || table.contains("\\")
           || table.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("StringsTable \(table.debugDescription) was taken as a table name")
        }
    }
    return 0
}
