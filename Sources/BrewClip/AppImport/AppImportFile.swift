import Foundation

/// One file read for an import: its bytes and where it was, archives included
/// (`paprika.zip/My Recipes/Soup.paprikarecipe`).
public struct AppImportFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The folder the file sits in, archives included: photos beside a `recipe.json` share it.
    public var folder: String { (path as NSString).deletingLastPathComponent }
    public var name: String { (path as NSString).lastPathComponent }
}
