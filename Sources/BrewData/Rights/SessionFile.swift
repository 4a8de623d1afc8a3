/// A file carried whole (`DataSnapshot.carriesFilesWhole`), such as a file of `sessions/`:
/// export, import and merge keep its records exactly as written.
public struct SessionFile: Hashable, Sendable {
    /// The path under the data directory: `sessions/...`.
    public var relativePath: String
    public var content: FileContent

    public init(relativePath: String, content: FileContent) {
        self.relativePath = relativePath
        self.content = content
    }

    /// The folder kind whose folder holds the file (the longest folder that starts its path).
    public var folderKind: RecordKind? {
        RecordKind.folderKinds
            .filter { relativePath.hasPrefix($0.folderName + "/") }
            .max { $0.folderName.count < $1.folderName.count }
    }
}
