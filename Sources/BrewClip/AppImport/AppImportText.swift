import BrewKit

/// Text from an export as the import shows or keeps it. Names inside archives and titles are the
/// export's, not ours: a name holding ESC, BEL or NUL is printed with them written out, as
/// `import-brews` prints a brew (`ShownText`); the bidirectional controls (U+202A–U+202E,
/// U+2066–U+2069), which reorder what a terminal or a page shows around them, are written out in
/// messages and left out of a stored title.
public enum AppImportText {
    public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` for a message: control and bidirectional characters written out (`\u{202E}`); the
    /// message's own line breaks kept when `keepLines`.
    public static func shown(_ text: String, keepLines: Bool) -> String {
        guard keepLines, text.contains("\n") else { return shown(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { shown(String($0)) }.joined(separator: "\n")
    }

    /// `text` for a message: control and bidirectional characters written out (`\u{202E}`).
    public static func shown(_ text: String) -> String {
        let escaped = ShownText.escaped(text, limit: .max)
        guard escaped.unicodeScalars.contains(where: isBidirectionalControl) else { return escaped }
        var result = ""
        for scalar in escaped.unicodeScalars {
            if isBidirectionalControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` without its bidirectional controls (a stored title).
    public static func withoutBidirectionalControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidirectionalControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidirectionalControl(scalar) { result.append(scalar) }
        return String(result)
    }
}
