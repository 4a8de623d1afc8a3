/// Rules for ids, which become file names in the site (`recipes/<id>.html`).
public enum RecordID {
    public static let maximumLength = 100
    /// Names the site uses for its own pages in the folders ids land in.
    public static let reservedNames: Set<String> = ["index", "page", "feed", "sitemap", "assets", "cards", "charts"]

    /// Why an id cannot be a file name, or nil when it is safe.
    /// Allowed: letters, digits, `-`, `_` and `.`, starting with a letter or digit, at most 100 characters.
    public static func problem(with id: String) -> String? {
        if id.isEmpty { return "id is empty" }
        if id.utf8.count > maximumLength, id.count > maximumLength { return "id is longer than \(maximumLength) characters" }
        guard let first = id.unicodeScalars.first, isAlphanumeric(first) else {
            return "id \(quoted(id)) must start with a letter or digit"
        }
        if let bad = id.unicodeScalars.first(where: { !isAlphanumeric($0) && $0 != "-" && $0 != "_" && $0 != "." }) {
            return "id \(quoted(id)) contains \(describe(bad)); ids may hold only letters, digits, '-', '_' and '.'"
        }
        if TextScan.contains(id, "..") { return "id \(quoted(id)) contains '..'" }
        if id.utf8.count <= 8, reservedNames.contains(id.lowercased()) {
            return "id \(quoted(id)) is a name the site uses for its own pages"
        }
        return nil
    }

    /// The key under which two ids would become the same file on a case-insensitive disk.
    public static func fileKey(_ id: String) -> String {
        id.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? id.lowercased() : id
    }

    /// Whether `fileKey(id)` starts with `prefixKey` (itself a file key), without making the key
    /// of an ASCII id: a new record's id is checked against the few ids of its own family
    /// (`log-20261202-0814`, `…-2`) among a hundred thousand.
    public static func fileKey(of id: String, startsWith prefixKey: String) -> Bool {
        let idBytes = id.utf8, prefixBytes = prefixKey.utf8
        guard idBytes.allSatisfy({ $0 < 0x80 }) else { return fileKey(id).hasPrefix(prefixKey) }
        guard idBytes.count >= prefixBytes.count else { return false }
        for (byte, wanted) in zip(idBytes, prefixBytes) {
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lowered != wanted { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "/": "'/'"
        case "\\": "'\\'"
        case " ": "a space"
        default: scalar.isASCII && scalar.value >= 32 ? "'\(Character(scalar))'" : "U+\(String(scalar.value, radix: 16, uppercase: true))"
        }
    }
}

/// `"text"` with a double-quoted rendering, for messages: control characters written out
/// and long text cut (`ShownText`).
func quoted(_ text: String) -> String { "\"\(ShownText.escaped(text, limit: RecordID.maximumLength))\"" }
