import BrewKit

/// Plain byte-wise replacement, for the hot paths of rendering where Foundation's
/// `replacingOccurrences` (which folds Unicode on every call) costs too much.
enum TextReplacement {
    /// `text` with every occurrence of `target` replaced; `text` itself when there is none.
    ///
    /// The result is joined from slices of `text` and `replacement`, never decoded again from
    /// bytes: a match of valid UTF-8 in valid UTF-8 starts and ends on whole characters' bytes,
    /// so every slice is already valid, and decoding a page's bytes again (a check of every byte)
    /// cost more than the search (issue 29).
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var target = target
        var scanned = text
        let matchOffsets = target.withUTF8 { needle -> [Int] in
            scanned.withUTF8 { bytes -> [Int] in
                guard !needle.isEmpty else { return [] }
                var offsets: [Int] = []
                var from = 0
                while let match = TextScan.firstIndex(of: needle, in: bytes, from: from) {
                    offsets.append(match)
                    from = match + needle.count
                }
                return offsets
            }
        }
        guard !matchOffsets.isEmpty else { return text }
        let targetByteCount = target.utf8.count
        let utf8 = text.utf8
        var result = ""
        result.reserveCapacity(utf8.count + matchOffsets.count * max(0, replacement.utf8.count - targetByteCount))
        var copiedUpTo = utf8.startIndex
        for offset in matchOffsets {
            let match = utf8.index(utf8.startIndex, offsetBy: offset)
            result += text[copiedUpTo..<match]
            result += replacement
            copiedUpTo = utf8.index(match, offsetBy: targetByteCount)
        }
        result += text[copiedUpTo...]
        return result
    }
}
