import BrewKit
import Foundation

/// A kitchen recipe's thumbnail file (docs/KITCHEN.md "Thumbnails") as the export carries it
/// (issue 14, data rights): its path in the data directory and its bytes.
///
/// In the archive, `contents.kitchenImages` is `[{ "path", "bytes", "sha256", "base64" }]`,
/// sorted by path and left out when there are none (so an archive without images is the same
/// bytes as before they were carried). Rules on reading, all checked before anything is written:
/// - the path is one `KitchenThumbnail` accepts as a file (relative, no `..`, no scheme or
///   backslash, an image extension, not under `assets/`) and written in its normalised form;
/// - one of the archive's kitchen recipes names it (or names the photo it is the grid copy of),
///   and no path is there twice;
/// - `base64` decodes to exactly `bytes` bytes whose SHA-256 is `sha256`.
public struct KitchenImage: Hashable, Sendable {
    /// The path in the data directory (and the site), normalised.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public var json: JSONValue {
        .object([
            JSONMember("path", .string(path)),
            JSONMember("bytes", .number(Double(bytes.count))),
            JSONMember("sha256", .string(Archive.sha256(bytes))),
            JSONMember("base64", .string(Data(bytes).base64EncodedString())),
        ])
    }

    /// The thumbnail paths (as files) the recipes name, normalised, without repeats, each with
    /// the path of its grid copy (`KitchenThumbnail.gridPath(for:)`): the export carries a photo's
    /// small copy beside it when it is there, so import and merge take it back.
    public static func paths(namedBy recipes: [KitchenRecipe]) -> Set<String> {
        Set(recipes.flatMap { recipe -> [String] in
            guard let text = recipe.thumbnail, case .file(let path)? = KitchenThumbnail(text) else { return [] }
            return [path, KitchenThumbnail.gridPath(for: path)]
        })
    }

    /// Reads one entry of `contents.kitchenImages`; `context` starts each message.
    public static func decode(_ node: JSONValue, context: String) throws(CommandError) -> KitchenImage {
        guard let path = node.text("path") else { throw CommandError("\(context) has no path") }
        guard case .file(let normalised)? = KitchenThumbnail(path), normalised == path else {
            let problem = KitchenThumbnail.problem(with: path) ?? "is not a thumbnail file path, found \"\(path.prefix(80))\""
            throw CommandError("\(context): path \(problem)")
        }
        guard let text = node.text("base64"), let data = Data(base64Encoded: text) else {
            throw CommandError("\(context) (\(path)): expected the file's bytes as base64 in \"base64\"")
        }
        let bytes = [UInt8](data)
        guard case .number(let count)? = node["bytes"], count == Double(bytes.count) else {
            throw CommandError("\(context) (\(path)): \"bytes\" must be the file's size, \(bytes.count), found \(node["bytes"].map(RecordEncoder.cell) ?? "nothing")")
        }
        let digest = Archive.sha256(bytes)
        guard node.text("sha256") == digest else {
            throw CommandError("\(context) (\(path)): sha256 mismatch: the entry says \(node.text("sha256") ?? "nothing") but the bytes hash to \(digest)")
        }
        return KitchenImage(path: path, bytes: bytes)
    }
}
