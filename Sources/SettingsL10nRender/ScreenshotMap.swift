import SettingsL10nCore

/// What a screenshot shows: the image's size in pixels, and each localized string drawn on it
/// with its rectangle in pixels (`render --format png` writes it beside the PNG, as JSON).
public struct ScreenshotMap: Hashable, Sendable {
    /// A rectangle in the image's pixels: `x` from the left edge, `y` from the top.
    public struct Rectangle: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
    }

    public struct Placed: Hashable, Sendable {
        public var string: ScreenshotString
        public var rectangle: Rectangle
        /// Cut by the row or list that holds it (an ellipsis, or hidden): the text does not fit.
        public var isTruncated: Bool
    }

    public var page: ScreenshotPage
    public var idiom: String
    public var scale: Int
    /// The image's size in pixels.
    public var width: Int
    public var height: Int
    public var strings: [Placed]

    /// What the browser measured, in CSS pixels, for the page the script measured: the viewport's
    /// width and the page's height, and for each marked string its place in `page.strings`, its
    /// box (left, top, right, bottom) clipped to what holds it, and whether it was clipped.
    public struct Measured: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public var boxes: [(index: Int, left: Double, top: Double, right: Double, bottom: Double, clipped: Bool)]

        public static func == (lhs: Measured, rhs: Measured) -> Bool {
            lhs.width == rhs.width && lhs.height == rhs.height && lhs.boxes.elementsEqual(rhs.boxes) { $0 == $1 }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
        }

        public init(width: Double, height: Double, boxes: [(index: Int, left: Double, top: Double, right: Double, bottom: Double, clipped: Bool)]) {
            self.width = width
            self.height = height
            self.boxes = boxes
        }

        /// Reads what `measuringScript` returned; `nil` when it is not that shape.
        public init?(json: JSONValue) {
            guard let width = json[member: "width"]?.number, let height = json[member: "height"]?.number,
                  let boxes = json[member: "strings"]?.arrayValue else { return nil }
            var read: [(index: Int, left: Double, top: Double, right: Double, bottom: Double, clipped: Bool)] = []
            for box in boxes {
                guard let fields = box.arrayValue, fields.count == 6, let index = fields[0].intValue,
                      let left = fields[1].number, let top = fields[2].number,
                      let right = fields[3].number, let bottom = fields[4].number,
                      let clipped = fields[5].boolValue else { return nil }
                read.append((index, left, top, right, bottom, clipped))
            }
            self.init(width: width, height: height, boxes: read)
        }
    }

    /// The map of a page from what the browser measured, at `scale` image pixels per CSS pixel:
    /// each box rounded outwards to whole pixels and kept inside the image; a string drawn with
    /// no area (an empty text) is left out, as is a box for a string the page does not mark.
    public init(page: ScreenshotPage, measured: Measured, idiom: String, scale: Int) {
        self.page = page
        self.idiom = idiom
        self.scale = scale
        let factor = Double(scale)
        width = Int((measured.width * factor).rounded())
        height = Int((measured.height * factor).rounded())
        var strings: [Placed] = []
        for box in measured.boxes where page.strings.indices.contains(box.index) {
            let left = min(max(Int((box.left * factor).rounded(.down)), 0), width)
            let top = min(max(Int((box.top * factor).rounded(.down)), 0), height)
            let right = min(max(Int((box.right * factor).rounded(.up)), 0), width)
            let bottom = min(max(Int((box.bottom * factor).rounded(.up)), 0), height)
            guard right > left, bottom > top else { continue }
            strings.append(Placed(string: page.strings[box.index],
                                  rectangle: Rectangle(x: left, y: top, width: right - left, height: bottom - top),
                                  isTruncated: box.clipped))
        }
        self.strings = strings
    }

    /// The map as JSON: the image and its size, then each string with its rectangle.
    public var json: String {
        JSONValue.object([
            ("image", .string(page.name + ".png")),
            ("locale", .string(page.folder)),
            ("page", .string(page.file)),
            ("idiom", .string(idiom)),
            ("scale", .integer(Int64(scale))),
            ("direction", .string(page.isRightToLeft ? "rtl" : "ltr")),
            ("width", .integer(Int64(width))),
            ("height", .integer(Int64(height))),
            ("strings", .array(strings.map { placed in
                .object([
                    ("table", .string(placed.string.table)),
                    ("key", .string(placed.string.key)),
                    ("field", .string(placed.string.field)),
                    ("file", .string(placed.string.file)),
                    ("keyPath", .string(placed.string.keyPath)),
                    ("text", .string(placed.string.text)),
                    ("x", .integer(Int64(placed.rectangle.x))),
                    ("y", .integer(Int64(placed.rectangle.y))),
                    ("width", .integer(Int64(placed.rectangle.width))),
                    ("height", .integer(Int64(placed.rectangle.height))),
                    ("truncated", .bool(placed.isTruncated)),
                ])
            })),
        ]).rendered()
    }

    /// The CSS width of the page on an idiom: an iPhone's (390 points, iPhone 12 to 16) or an
    /// iPad's in portrait (820 points, iPad Air).
    public static func viewportWidth(idiom: Idiom) -> Int {
        idiom == .pad ? 820 : 390
    }

    /// A script for the browser that waits for the page's fonts, then returns (as a JSON
    /// string) the viewport's width, the page's height, and the box of each marked string:
    /// the bounds of its text and of its lines' leading, clipped by every element around it
    /// that hides what overflows.
    public static let measuringScript = """
    (async () => {
      await document.fonts.ready;
      const boxes = [];
      for (const element of document.querySelectorAll("[data-l10n]")) {
        const r = element.getBoundingClientRect(), lines = element.getClientRects();
        // The line box and a margin, not only the font's advance, ascent and descent: accents
        // above capitals (Ä, Ö) reach into the leading, and Arabic's tails and marks past
        // the advance and below the descent.
        const style = getComputedStyle(element), size = parseFloat(style.fontSize), lineHeight = parseFloat(style.lineHeight);
        const leading = lines.length && lineHeight > lines[0].height ? (lineHeight - lines[0].height) / 2 : 0;
        const side = 0.15 * size, below = 0.1 * size;
        let box = [r.left - side, r.top - leading - below, r.right + side, r.bottom + leading + below], clipped = false;
        for (let holder = element.parentElement; holder; holder = holder.parentElement) {
          const style = getComputedStyle(holder);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const c = holder.getBoundingClientRect();
          // Cut when the text's own box (not the margin) passes the holder's edge.
          if (r.left < c.left - 0.5 || r.top < c.top - 0.5 || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5) clipped = true;
          box = [Math.max(box[0], c.left), Math.max(box[1], c.top), Math.min(box[2], c.right), Math.min(box[3], c.bottom)];
        }
        boxes.push([Number(element.dataset.l10n), box[0], box[1], box[2], box[3], clipped]);
      }
      const height = Math.ceil(Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
      return JSON.stringify({width: window.innerWidth, height: height, strings: boxes});
    })()
    """
}

/// The size a PNG file gives in its header (`IHDR`), or `nil` when the bytes are not a PNG.
public enum PNGHeader {
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}

extension JSONValue {
    /// A number, integer or not.
    fileprivate var number: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .number(let number, _): number
        default: nil
        }
    }
}
