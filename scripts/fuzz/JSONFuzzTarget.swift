// libFuzzer target for the JSON reader (String Catalogs come from translators and platforms).
// Built by scripts/fuzz-run. Property checked beyond "no crash": what is read, written again
// (numbers finite), reads back to the same value.

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONReader.read(bytes), allFinite(value) else { return 0 }
    let text = value.rendered(pretty: false)
    guard let reread = try? JSONReader.read(Array(text.utf8)) else {
        fatalError("JSON written from a value read does not read back: \(text.prefix(200))")
    }
    if reread != value { fatalError("JSON round trip changed the value: \(text.prefix(200))") }
    return 0
}

private func allFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let number): number.isFinite
    case .array(let elements): elements.allSatisfy(allFinite)
    case .object(let members): members.allSatisfy { allFinite($0.1) }
    default: true
    }
}
