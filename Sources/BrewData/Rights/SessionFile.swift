/// A file of the `sessions/` folder, carried whole: sessions are read by a later part of
/// the tool, so export, import and merge keep their records exactly as written.
public struct SessionFile: Hashable, Sendable {
    /// The path under the data directory: `sessions/...`.
    public var relativePath: String
    public var content: FileContent

    public init(relativePath: String, content: FileContent) {
        self.relativePath = relativePath
        self.content = content
    }
}
