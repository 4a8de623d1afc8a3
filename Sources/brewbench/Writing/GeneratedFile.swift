/// A file of a generated directory: its path relative to the directory, and its text.
struct GeneratedFile: Sendable {
    var path: String
    var text: String
}
