import Testing
@testable import SettingsL10nCore

@Suite("Message text")
struct MessageTextTests {
    @Test("appendQuoted writes the UTF-8 of what quoted returns: short plain text, escapes, long text cut")
    func appendQuotedIsQuoted() {
        let texts = ["", "Sound", "Quote \"q\"", "Back\\slash", "Line\nbreak", "tab\tbed", "del\u{7F}", "日本語 ✓",
                     String(repeating: "a", count: 80), String(repeating: "a", count: 81), String(repeating: "é", count: 41),
                     String(repeating: "é", count: 90)]
        for text in texts {
            var output = Array("before ".utf8)
            MessageText.appendQuoted(text, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == "before " + MessageText.quoted(text), "\(text.debugDescription)")
        }
        var output: [UInt8] = []
        MessageText.appendQuoted("Sound", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\"Sound\"")
        output = []
        MessageText.appendQuoted(String(repeating: "x", count: 100), to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\"" + String(repeating: "x", count: 80) + "…\" (100 characters)")
    }
}
