import SettingsL10nCore

/// Screenshots in an Xcode localization package (`extract --xcloc --screenshots`), laid out as
/// Xcode lays out the localization screenshots of a test plan when it exports a package:
/// `Notes/Screenshots/<test>/<device>/` holds the images and `localizationStringData.plist`,
/// which maps each string (its table and key, the `tableName` and the XLIFF unit's id) to its
/// frame on each image, in points from the image's top left corner, written as AppKit's
/// `NSStringFromRect` writes a rectangle (`{{x, y}, {width, height}}`). The keys are those of
/// a package Xcode 12.4 exported (a `GetAPet` sample's `da.xcloc`, see `docs/render.md`).
public enum XcodeScreenshotNotes {
    /// The map's file name in each screenshot folder.
    public static let mapName = "localizationStringData.plist"

    /// The folder of a package's screenshots: `Notes/Screenshots/<bundle>/<device>` (Xcode puts
    /// a test's name and the device's there; for a settings bundle, the bundle's name and
    /// `iPhone` or `iPad`).
    public static func folder(bundle: String, idiom: Idiom) -> String {
        "Notes/Screenshots/\(bundle)/\(idiom == .pad ? "iPad" : "iPhone")"
    }

    /// `localizationStringData.plist` for the pages of one package: one entry per string (its
    /// table and key, compared as the device compares keys), in the order first drawn, with a
    /// frame for each place it is drawn on each image. `bundle` names the bundle where Xcode
    /// writes the app's identifier and path (a settings bundle has neither). A string whose
    /// table or key XML cannot hold is left out, as the package's XLIFF leaves it out.
    public static func plist(_ maps: [ScreenshotMap], bundle: String) -> [UInt8] {
        var order: [TableKey] = []
        var frames: [TableKey: [(image: String, frame: String)]] = [:]
        for map in maps {
            for placed in map.strings where canHold(placed.string.table) && canHold(placed.string.key) {
                let id = TableKey(table: StringsKey(placed.string.table), key: StringsKey(placed.string.key))
                if frames[id] == nil { order.append(id) }
                frames[id, default: []].append((map.page.name + ".png", frame(placed.rectangle, scale: map.scale)))
            }
        }
        var out = XMLOutput()
        out.literal("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.literal("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        out.literal("<plist version=\"1.0\">\n")
        if order.isEmpty {
            out.literal("<array/>\n</plist>\n")
            return out.bytes
        }
        out.literal("<array>\n")
        for id in order {
            out.literal("\t<dict>\n")
            entry(&out, "bundleID", bundle, indent: "\t\t")
            entry(&out, "bundlePath", bundle, indent: "\t\t")
            out.literal("\t\t<key>screenshots</key>\n\t\t<array>\n")
            for (image, frame) in frames[id] ?? [] {
                out.literal("\t\t\t<dict>\n")
                entry(&out, "frame", frame, indent: "\t\t\t\t")
                entry(&out, "name", image, indent: "\t\t\t\t")
                out.literal("\t\t\t</dict>\n")
            }
            out.literal("\t\t</array>\n")
            entry(&out, "stringKey", id.key.string, indent: "\t\t")
            entry(&out, "tableName", id.table.string, indent: "\t\t")
            out.literal("\t</dict>\n")
        }
        out.literal("</array>\n</plist>\n")
        return out.bytes
    }

    /// A rectangle of the image's pixels in points (`scale` pixels a point), as
    /// `NSStringFromRect` writes it: `{{32, 76}, {46, 15}}`, `{{21.333333333333332, 76}, …}`.
    static func frame(_ rectangle: ScreenshotMap.Rectangle, scale: Int) -> String {
        let values = [rectangle.x, rectangle.y, rectangle.width, rectangle.height].map { number(Double($0) / Double(max(scale, 1))) }
        return "{{\(values[0]), \(values[1])}, {\(values[2]), \(values[3])}}"
    }

    /// `32` for a whole number, else the shortest digits that read back as the same double.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(value)"
    }

    private static func entry(_ out: inout XMLOutput, _ key: StaticString, _ value: String, indent: StaticString) {
        out.literal(indent)
        out.literal("<key>")
        out.literal(key)
        out.literal("</key>\n")
        out.literal(indent)
        out.literal("<string>")
        out.text(value)
        out.literal("</string>\n")
    }

    /// Whether XML 1.0 can hold `text` (it cannot hold most control characters).
    static func canHold(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
    }

    private struct TableKey: Hashable {
        let table: StringsKey
        let key: StringsKey
    }
}
