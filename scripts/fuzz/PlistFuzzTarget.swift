// libFuzzer target for the property-list reader (XML, binary, OpenStep). Built by scripts/fuzz.

@_cdecl("LLVMFuzzerTestOneInput")
public func plistFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let (root, format) = try? PropertyListReader.read(bytes) {
        _ = SchemaFile(path: "Root.plist", root: root, format: format)
    }
    return 0
}
