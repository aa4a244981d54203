import Foundation
import Testing
import SettingsL10nTestSupport

/// Checks screenshots against their maps in the browser, on the PNGs' own pixels: each
/// rectangle holds ink that differs from its background (its text is there), and no ink touches
/// it from outside, left, right, above or below (the text is not cut: all of it is inside),
/// unless the map says it is truncated. And every character of the pages' strings is drawn
/// with a glyph of its own, not the box a font draws for a character it lacks (compared, on a
/// canvas in the pages' fonts, with a character no font has).
enum ScreenshotInk {
    /// The fonts of the HTML previews' pages (`RenderHTML.css`, `body`).
    static let fonts = #"-apple-system,system-ui,"Helvetica Neue","Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans CJK JP",sans-serif"#

    /// Runs the check over `pages` (`de/Root`) of `drawn` and records each problem found.
    static func check(_ drawn: ScreenshotCommandTests.Drawn, pages: [String], extraCharacters: String = "") throws {
        var maps: [String] = [], images: [String] = []
        for page in pages {
            let png = try Data(contentsOf: drawn.folder.appendingPathComponent(page + ".png")).base64EncodedString()
            let map = try String(contentsOf: drawn.folder.appendingPathComponent(page + ".json"), encoding: .utf8)
            maps.append("{\"page\":\"\(page)\",\"map\":\(map)}")
            images.append("<img id=\"image-\(images.count)\" src=\"data:image/png;base64,\(png)\">")
        }
        let problems = try run(maps: maps, images: images, extraCharacters: extraCharacters)
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    /// What the page found: `ok` alone, or one problem a line.
    static func run(maps: [String], images: [String] = [], extraCharacters: String) throws -> [String] {
        let extra = String(data: try JSONSerialization.data(withJSONObject: [extraCharacters], options: [.fragmentsAllowed]), encoding: .utf8)!
        guard let text = try result(of: html(maps: "[" + maps.joined(separator: ",") + "]", images: images.joined(), extra: extra)) else {
            return ["the check page gave no result"]
        }
        return text == "ok" ? [] : text.split(separator: "\n").map(String.init)
    }

    /// Loads `page` in headless Chromium and returns the text its script left in
    /// `<pre id="result">` once it had loaded; `nil` when there is none.
    static func result(of page: String) throws -> String? {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("check.html")
        try Data(page.utf8).write(to: file)
        guard let browser = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap({ Requirement.executable(named: $0) }).first else {
            return "no Chromium to check the pages with"
        }
        let process = Process()
        process.executableURL = browser
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(folder.url.path)/profile",
                             "--virtual-time-budget=60000", "--dump-dom", file.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: readToEnd(out.fileHandleForReading.fileDescriptor), as: UTF8.self)
        process.waitUntilExit()
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            return nil
        }
        return dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The check page: the images as elements (the load event waits for them), checked
    /// synchronously when the page has loaded, before Chromium dumps the DOM.
    static func html(maps: String, images: String, extra: String) -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="result">not checked</pre><div style="display:none">\(images)</div>
        <script>
        const maps = \(maps), extra = \(extra)[0], problems = [];
        function check(entry, index) {
          const image = document.getElementById("image-" + index);
          const canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
          const context = canvas.getContext("2d", {willReadFrequently: true});
          context.drawImage(image, 0, 0);
          const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
          const pixel = (x, y) => { const i = (y * canvas.width + x) * 4; return [data[i], data[i + 1], data[i + 2]]; };
          for (const s of entry.map.strings) {
            const counts = new Map(); let background = null, most = 0;
            for (let y = s.y; y < s.y + s.height; y++) for (let x = s.x; x < s.x + s.width; x++) {
              const key = pixel(x, y).join(), n = (counts.get(key) || 0) + 1;
              counts.set(key, n);
              if (n > most) { most = n; background = pixel(x, y); }
            }
            const ink = (x, y) => { const p = pixel(x, y); return Math.abs(p[0] - background[0]) + Math.abs(p[1] - background[1]) + Math.abs(p[2] - background[2]) > 96; };
            let inside = 0;
            for (let y = s.y; y < s.y + s.height; y++) for (let x = s.x; x < s.x + s.width; x++) if (ink(x, y)) inside++;
            if (inside < 8) problems.push(`${entry.page}: no text in the rectangle of ${s.field} "${s.text}"`);
            if (s.truncated) continue;
            for (const x of [s.x - 1, s.x + s.width]) {
              if (x < 0 || x >= canvas.width) continue;
              for (let y = s.y; y < s.y + s.height; y++) if (ink(x, y)) { problems.push(`${entry.page}: ink beside the rectangle of "${s.text}" at x ${x}, y ${y}`); break; }
            }
            for (const y of [s.y - 1, s.y + s.height]) {
              if (y < 0 || y >= canvas.height) continue;
              for (let x = s.x; x < s.x + s.width; x++) if (ink(x, y)) { problems.push(`${entry.page}: ink above or below the rectangle of "${s.text}" at x ${x}, y ${y}`); break; }
            }
          }
        }
        function boxes(texts) {
          const canvas = document.createElement("canvas");
          canvas.width = 64; canvas.height = 64;
          const context = canvas.getContext("2d", {willReadFrequently: true});
          context.font = '32px \(fonts.replacingOccurrences(of: "'", with: "\\'"))';
          const glyph = (character) => { context.clearRect(0, 0, 64, 64); context.fillText(character, 8, 44); return context.getImageData(0, 0, 64, 64).data.join(); };
          const missing = glyph("\\u{10FFFD}");
          const seen = new Set();
          for (const text of texts) for (const character of text) {
            if (/\\s/u.test(character) || seen.has(character)) continue;
            seen.add(character);
            if (glyph(character) === missing) problems.push(`drawn as a box: ${character} (U+${character.codePointAt(0).toString(16).toUpperCase()}) in "${text}"`);
          }
        }
        window.addEventListener("load", () => {
          try {
            maps.forEach(check);
            boxes(maps.flatMap((entry) => entry.map.strings.map((s) => s.text)).concat(extra ? [extra] : []));
          } catch (error) { problems.push("the check failed: " + error); }
          document.getElementById("result").textContent = problems.length ? problems.join("\\n") : "ok";
        });
        </script></body></html>
        """
    }
}
