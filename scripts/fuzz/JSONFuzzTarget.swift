// libFuzzer target for the JSON reader (String Catalogs come from translators and platforms).
// Built by scripts/fuzz-run. Properties checked beyond "no crash": what is read, written again
// (numbers finite), reads back to the same value; no object read has a key twice; read for
// import, no string holds a character XML 1.0 does not allow, and what plain reading refuses,
// reading for import refuses too.

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let strict = try? JSONReader.read(bytes, refusesNonXMLCharacters: true)
    guard let value = try? JSONReader.read(bytes) else {
        if strict != nil { fatalError("reading for import accepted what plain reading refuses") }
        return 0
    }
    if !keysUnique(value) { fatalError("an object read has a key twice") }
    if let strict, !strings(of: strict).allSatisfy(isXMLText) { fatalError("reading for import let a character XML 1.0 does not allow through") }
    guard allFinite(value) else { return 0 }
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

private func keysUnique(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let elements): elements.allSatisfy(keysUnique)
    case .object(let members): Set(members.map(\.0)).count == members.count && members.allSatisfy { keysUnique($0.1) }
    default: true
    }
}

/// Every string of a value, keys included.
private func strings(of value: JSONValue) -> [String] {
    switch value {
    case .string(let string): [string]
    case .array(let elements): elements.flatMap(strings)
    case .object(let members): members.flatMap { [$0.0] + strings(of: $0.1) }
    default: []
    }
}

private func isXMLText(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { XMLScanner.isXMLCharacter($0.value) }
}
