/// Plain byte-wise text search and replacement, for the hot paths of rendering where
/// Foundation's `replacingOccurrences` (which folds Unicode for every call) costs too much.
enum TextReplacement {
    /// `text` with every occurrence of `target` replaced; `text` itself when there is none.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return text }
        var result: [UInt8] = []
        var found = false
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            var copiedUpTo = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == first && matches(needle, in: bytes, at: index) {
                    if !found { result.reserveCapacity(bytes.count + 64); found = true }
                    result.append(contentsOf: bytes[copiedUpTo..<index])
                    result.append(contentsOf: replacement.utf8)
                    index += needle.count
                    copiedUpTo = index
                } else {
                    index += 1
                }
            }
            if found { result.append(contentsOf: bytes[copiedUpTo...]) }
        } ?? {
            let copy = text
            found = copy.contains(target)
            if found { result = Array(copy.replacingOccurrences(of: target, with: replacement).utf8) }
        }()
        return found ? String(decoding: result, as: UTF8.self) : text
    }

    /// Whether `needle` occurs in `text`.
    static func contains(_ needle: String, in text: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == first && matches(pattern, in: bytes, at: index) { return true }
                index += 1
            }
            return false
        } ?? text.contains(needle)
    }

    private static func matches(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        for offset in 1..<needle.count where bytes[start + offset] != needle[offset] { return false }
        return true
    }
}
