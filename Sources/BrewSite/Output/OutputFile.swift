/// A file of the built site: its path relative to the site's root, and its bytes.
public struct OutputFile: Sendable {
    public var path: String
    /// A page's text is kept as the `String` it was made as and written from its own UTF-8
    /// storage: copying every page into an array first costs a site's size in memory traffic.
    private let text: String?
    private let bytes: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.text = nil
        self.bytes = contents
    }

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = []
    }

    public var contents: [UInt8] { text.map { Array($0.utf8) } ?? bytes }

    /// Calls `body` with the file's bytes, without copying them.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if var text {
            return text.withUTF8(body)
        }
        return bytes.withUnsafeBufferPointer(body)
    }
}
