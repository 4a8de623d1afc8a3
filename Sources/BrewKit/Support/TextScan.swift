/// Cheap questions about text, for rules run on every record: plain scans of the UTF-8 bytes
/// and scalars instead of Foundation calls that build new strings.
public enum TextScan {
    /// Whether `text` is empty or only white space and line breaks.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Whether `needle` (ASCII or not) occurs in `text`.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        let bytes = Array(text.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) { return true }
        }
        return false
    }
}
