import ArgumentParser

/// The value of every option and argument that names a file or folder (`--catalog`, `--output`,
/// the exports' folders, `--fill-from`, `--config`, the bundle, import's documents), checked
/// once for all of them. An empty one is a usage error: it names nothing, and a name joined to
/// it is at the root of the file system (`sync --catalog ''` wrote `/Root.xcstrings`).
enum PathOption {
    static func value(_ text: String) throws -> String {
        guard !text.isEmpty else {
            throw ValidationError("an empty path names no file or folder; give one")
        }
        return text
    }
}
