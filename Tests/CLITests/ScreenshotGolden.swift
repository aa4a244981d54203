import Foundation
import Testing
import SettingsL10nTestSupport

/// Golden PNG images compared with a tolerance, pixel by pixel in the browser (its decoder, as
/// `ScreenshotInk`'s): two images are the same when they have the same size and at most
/// `maximumShare` of the pixels of either differ by more than `channelTolerance`, in a colour
/// channel, from every pixel of the other within one pixel of their place.
///
/// Why a tolerance: the same Chromium with the same fonts draws the same bytes (the goldens were
/// recorded with Debian's Chromium 156 and fonts-noto), but another Chromium, FreeType or font
/// package may antialias glyph edges differently (hinting, gamma, coverage) or put an edge a
/// pixel over: such pixels differ by a part of their coverage, or match a neighbour. What the
/// goldens are for changes whole glyphs: measured on the German root page (780 × 2,050 pixels,
/// 1,599,000), one letter changed in one string makes 101 pixels differ beyond the tolerance, a
/// letter dropped 139, a glyph drawn as a box 138, a word made longer 1,573, and glyphs laid
/// out without subpixel positioning (Chromium's `--disable-font-subpixel-positioning`) 2,785,
/// while the same image gives 0. So the share allowed is below one glyph: 0.004% (63 pixels of
/// the root page, 34 of the country list), and a Chromium that moves glyphs needs the goldens
/// recorded again (`RECORD_GOLDEN=1`, after looking at the diff images). Not measured: another
/// Chromium or FreeType version (one is installed here; `--text-contrast`, `--text-gamma` and
/// `--font-render-hinting` change no pixel of headless Chromium's pages).
enum ScreenshotGolden {
    /// A channel may differ by this much (of 255) from the nearest of the other image's 3 × 3
    /// pixels around the same place: an antialiased edge a fifth lighter or darker.
    static let channelTolerance = 48
    /// At most this share of the pixels may differ by more: 0.004%.
    static let maximumShare = 0.00004

    struct Comparison {
        var sameSize: Bool
        var differing: Int
        var total: Int
        /// The largest difference of a channel, of 255.
        var largest: Int
        /// The golden image faded, each pixel beyond the tolerance red (a PNG), when they differ.
        var diff: Data?

        var matches: Bool { sameSize && Double(differing) <= maximumShare * Double(total) }
    }

    /// Compares each pair of PNG images (golden, actual).
    static func compare(_ pairs: [(golden: Data, actual: Data)]) throws -> [Comparison] {
        let images = pairs.enumerated().map { index, pair in
            "<img id=\"golden-\(index)\" src=\"data:image/png;base64,\(pair.golden.base64EncodedString())\">"
                + "<img id=\"actual-\(index)\" src=\"data:image/png;base64,\(pair.actual.base64EncodedString())\">"
        }.joined()
        let text = try #require(try ScreenshotInk.result(of: page(images: images, count: pairs.count)), "the comparing page gave no result")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "the comparing page said: \(text.prefix(300))")
        return results.map { result in
            let diff = (result["diff"] as? String).flatMap { Data(base64Encoded: String($0.dropFirst("data:image/png;base64,".count))) }
            return Comparison(sameSize: result["sameSize"] as? Bool ?? false, differing: result["differing"] as? Int ?? 0,
                              total: result["total"] as? Int ?? 0, largest: result["largest"] as? Int ?? 0, diff: diff)
        }
    }

    /// Checks the PNG at `actual` against `Golden/<name>` of the test target; `RECORD_GOLDEN=1`
    /// records it (and fails, as every golden does). On a difference the actual image and a
    /// diff image are written to `.build/golden-actual/<name>` and `<name>.diff.png`.
    /// `records`: whether `RECORD_GOLDEN=1` records what differs (a test that checks a changed
    /// image on purpose records nothing).
    static func check(_ pairs: [(name: String, actual: Data)], records: Bool = true, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = Golden.folder(of: filePath)
        let goldens = pairs.map { try? Data(contentsOf: folder.appendingPathComponent($0.name)) }
        let present = pairs.indices.filter { goldens[$0] != nil }
        let comparisons = try compare(present.map { (goldens[$0]!, pairs[$0].actual) })
        var outcome: [String: Comparison] = [:]
        for (index, comparison) in zip(present, comparisons) { outcome[pairs[index].name] = comparison }
        let recording = records && ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil
        for pair in pairs {
            let comparison = outcome[pair.name]
            if let comparison, comparison.matches { continue }
            let actual = TestPaths.packageRoot.appendingPathComponent(".build/golden-actual/\(pair.name)")
            try FileManager.default.createDirectory(at: actual.deletingLastPathComponent(), withIntermediateDirectories: true)
            try pair.actual.write(to: actual)
            if let diff = comparison?.diff { try diff.write(to: actual.deletingPathExtension().appendingPathExtension("diff.png")) }
            if recording {
                let golden = folder.appendingPathComponent(pair.name)
                try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                try pair.actual.write(to: golden)
                Issue.record("recorded \(pair.name); run the tests again without RECORD_GOLDEN", sourceLocation: sourceLocation)
            } else if let comparison {
                let what = comparison.sameSize
                    ? "\(comparison.differing) of \(comparison.total) pixels differ by more than \(channelTolerance) (at most \(Int(maximumShare * Double(comparison.total))) may; the largest difference \(comparison.largest))"
                    : "its size differs"
                Issue.record(Comment(rawValue: "\(pair.name): \(what); the image drawn is at \(actual.path), the differences in red at \(actual.deletingPathExtension().path).diff.png; record it with RECORD_GOLDEN=1 when it is right"),
                             sourceLocation: sourceLocation)
            } else {
                Issue.record("no golden image \(pair.name); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            }
        }
    }

    /// The comparing page: each pair drawn on canvases once loaded, the results as JSON.
    static func page(images: String, count: Int) -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="result">not compared</pre><div style="display:none">\(images)</div>
        <script>
        const tolerance = \(channelTolerance), share = \(maximumShare);
        function pixels(image) {
          const canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
          const context = canvas.getContext("2d", {willReadFrequently: true});
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height);
        }
        function compare(index) {
          const golden = document.getElementById("golden-" + index), actual = document.getElementById("actual-" + index);
          const total = golden.naturalWidth * golden.naturalHeight;
          if (golden.naturalWidth !== actual.naturalWidth || golden.naturalHeight !== actual.naturalHeight) {
            return {sameSize: false, differing: total, total, largest: 255};
          }
          const a = pixels(golden), b = pixels(actual), out = new ImageData(a.width, a.height), w = a.width, h = a.height;
          // How far the pixel (x, y) of `p` is from the nearest of the 3 x 3 pixels around (x, y) in `q`.
          const nearest = (p, q, x, y) => {
            let best = 255;
            for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
              const u = x + dx, v = y + dy;
              if (u < 0 || v < 0 || u >= w || v >= h) continue;
              const i = (y * w + x) * 4, j = (v * w + u) * 4;
              let most = 0;
              for (let c = 0; c < 4; c++) most = Math.max(most, Math.abs(p.data[i + c] - q.data[j + c]));
              best = Math.min(best, most);
            }
            return best;
          };
          let differing = 0, largest = 0;
          for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
            const i = (y * w + x) * 4;
            let same = true;
            for (let c = 0; c < 4; c++) if (a.data[i + c] !== b.data[i + c]) { same = false; break; }
            const far = same ? 0 : Math.max(nearest(a, b, x, y), nearest(b, a, x, y));
            largest = Math.max(largest, far);
            const grey = 192 + (a.data[i] + a.data[i + 1] + a.data[i + 2]) / 12;
            if (far > tolerance) { differing++; out.data.set([255, 0, 0, 255], i); } else { out.data.set([grey, grey, grey, 255], i); }
          }
          const result = {sameSize: true, differing, total, largest};
          if (differing > share * total) {
            const canvas = document.createElement("canvas");
            canvas.width = a.width; canvas.height = a.height;
            canvas.getContext("2d").putImageData(out, 0, 0);
            result.diff = canvas.toDataURL("image/png");
          }
          return result;
        }
        window.addEventListener("load", () => {
          let text;
          try {
            const results = [];
            for (let index = 0; index < \(count); index++) results.push(compare(index));
            text = JSON.stringify(results);
          } catch (error) { text = "the comparison failed: " + error; }
          document.getElementById("result").textContent = text;
        });
        </script></body></html>
        """
    }
}
