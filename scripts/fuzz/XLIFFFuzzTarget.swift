// libFuzzer target for the XLIFF reader (translators' documents are untrusted). Built by
// scripts/fuzz-run. Property checked beyond "no crash": what is read writes and reads back the same.

@_cdecl("LLVMFuzzerTestOneInput")
public func xliffFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? XLIFFReader.read(bytes) else { return 0 }
    let representable = document.files.allSatisfy { file in
        file.units.allSatisfy { unit in
            ([unit.id, unit.source, unit.target ?? ""] + unit.notes).allSatisfy(XLIFFWriter.isRepresentable)
        }
    }
    guard representable, let reread = try? XLIFFReader.read(Array(XLIFFWriter.xml(document).utf8)) else { return 0 }
    for (a, b) in zip(document.files, reread.files) where a.units.map(\.id) != b.units.map(\.id) || a.units.map(\.target) != b.units.map(\.target) {
        fatalError("XLIFF round trip changed units of \(a.original)")
    }
    return 0
}
