/// What a kitchen recipe's `thumbnail` names (MOD/DATA/002): a photo on the web, shown as it is,
/// or an image file inside the data directory, which the site copies in.
///
/// The rules for a file, checked here without touching the disk (BrewData checks the disk:
/// the file exists, is a regular file, and no symbolic link leads it out of the data directory):
/// - the path is relative to the data directory, with `/` between folders: not absolute
///   (`/…`, `~…`), no `..` folder, no scheme or drive (`file:`, `C:`), no backslash, no control
///   character; `.` folders and doubled slashes are dropped;
/// - it ends in an image extension: `jpg`, `jpeg`, `png`, `webp`, `gif` or `avif` (any case);
/// - it is not under `assets/`, where the site keeps its own style sheet and script.
///
/// The site keeps the file at the same path (`kitchen/images/soup.jpg` in the data directory is
/// `kitchen/images/soup.jpg` in the site), so two recipes naming one file share one copy and no
/// two files can land on one path; pages link to it relatively, so they work opened from disk.
public enum KitchenThumbnail: Hashable, Sendable {
    /// An `http(s)` URL, shown as it is.
    case web(String)
    /// A file of the data directory, by its normalised path (also its path in the site).
    case file(String)

    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "avif"]

    /// The widest a grid copy is, in pixels (ClipCook PERF/007).
    public static let gridWidthPixels = 400

    /// The widest a recipe's own photo is kept, in pixels (ClipCook PERF/007's detail images):
    /// a wider one is resized as it is saved.
    public static let detailWidthPixels = 1200

    /// Where a photo file's small copy for the recipe grid is: `kitchen/images/soup.jpg` →
    /// `kitchen/images/soup.grid.jpg`. The lists show it when it is there, the recipe page the photo.
    public static func gridPath(for path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart else { return path + ".grid" }
        return path[..<dot] + ".grid" + path[dot...]
    }

    /// Reads a thumbnail; nil when it is neither a web URL nor a path `problem(with:)` accepts.
    public init?(_ text: String) {
        if KitchenValidator.isWebURL(text) {
            self = .web(text)
        } else if Self.problem(with: text) == nil, let path = Self.normalisedPath(text) {
            self = .file(path)
        } else {
            return nil
        }
    }

    /// What is wrong with a thumbnail that is not a web URL, as the end of a sentence that starts
    /// with the field: nil when it is a usable path.
    public static func problem(with text: String) -> String? {
        let example = "such as kitchen/images/soup.jpg"
        let lower = text.lowercased()
        if lower.hasPrefix("http:") || lower.hasPrefix("https:") {
            return "is not a usable web address (expected https://host/photo.jpg), found \"\(text.prefix(80))\""
        }
        if text.hasPrefix("/") || text.hasPrefix("~") {
            return "is an absolute path, found \"\(text.prefix(80))\"; a thumbnail file is named relative to the data directory, \(example)"
        }
        if text.contains(":") {
            return "must be an http or https URL or a path inside the data directory \(example), found \"\(text.prefix(80))\""
        }
        if text.contains("\\") {
            return "contains a backslash, found \"\(text.prefix(80))\"; separate folders with /, \(example)"
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "contains a control character; name a file inside the data directory, \(example)"
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        if parts.contains("..") {
            return "contains \"..\", found \"\(text.prefix(80))\"; a thumbnail must be a file inside the data directory, \(example)"
        }
        guard let path = normalisedPath(text) else {
            return "names no file, found \"\(text.prefix(80))\"; expected a path inside the data directory \(example)"
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let fileExtension = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        if !imageExtensions.contains(fileExtension) {
            let found = fileExtension.isEmpty ? "a name without an extension" : ".\(fileExtension)"
            return "must name an image file (.jpg, .jpeg, .png, .webp, .gif or .avif), found \(found) in \"\(text.prefix(80))\""
        }
        if path.hasPrefix("assets/") {
            return "is in assets/, the folder of the site's own style sheet and script, found \"\(text.prefix(80))\"; keep photos elsewhere, \(example)"
        }
        return nil
    }

    /// The path without `.` folders or doubled slashes; nil when nothing is left.
    static func normalisedPath(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A file's path as an `href` or `src` relative to a page at `root` (`../` per folder): each
    /// folder and the name percent-encoded, so a space or `#` in a file name cannot break the link.
    public static func link(toFile path: String, root: String) -> String {
        root + path.split(separator: "/").map { part in
            var encoded = ""
            for byte in part.utf8 {
                let isPlain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                encoded += isPlain ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
            return encoded
        }.joined(separator: "/")
    }
}
