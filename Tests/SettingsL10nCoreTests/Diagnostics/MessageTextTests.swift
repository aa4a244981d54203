import Testing
@testable import SettingsL10nCore

@Suite("Message text")
struct MessageTextTests {
    @Test("appendQuoted writes what quoted returns: short plain text, escapes, long text cut")
    func appendQuotedIsQuoted() {
        let texts = ["", "Sound", "Quote \"q\"", "Back\\slash", "Line\nbreak", "tab\tbed", "del\u{7F}", "日本語 ✓",
                     String(repeating: "a", count: 80), String(repeating: "a", count: 81), String(repeating: "é", count: 41),
                     String(repeating: "é", count: 90)]
        for text in texts {
            var output = "before "
            MessageText.appendQuoted(text, to: &output)
            #expect(output == "before " + MessageText.quoted(text), "\(text.debugDescription)")
        }
        var output = ""
        MessageText.appendQuoted("Sound", to: &output)
        #expect(output == "\"Sound\"")
        output = ""
        MessageText.appendQuoted(String(repeating: "x", count: 100), to: &output)
        #expect(output == "\"" + String(repeating: "x", count: 80) + "…\" (100 characters)")
    }
}
