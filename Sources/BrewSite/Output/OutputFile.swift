/// A file of the built site: its path relative to the site's root, and its bytes.
public struct OutputFile: Sendable {
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
