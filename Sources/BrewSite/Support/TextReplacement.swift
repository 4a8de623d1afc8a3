import BrewKit

/// Plain byte-wise replacement, for the hot paths of rendering where Foundation's
/// `replacingOccurrences` (which folds Unicode on every call) costs too much.
enum TextReplacement {
    /// `text` with every occurrence of `target` replaced; `text` itself when there is none.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var target = target
        var scanned = text
        let replaced = target.withUTF8 { needle -> String? in
            scanned.withUTF8 { bytes -> String? in
                guard !needle.isEmpty, var match = TextScan.firstIndex(of: needle, in: bytes) else { return nil }
                var result: [UInt8] = []
                result.reserveCapacity(bytes.count + 64)
                var copiedUpTo = 0
                while true {
                    result.append(contentsOf: bytes[copiedUpTo..<match])
                    result.append(contentsOf: replacement.utf8)
                    copiedUpTo = match + needle.count
                    guard let next = TextScan.firstIndex(of: needle, in: bytes, from: copiedUpTo) else { break }
                    match = next
                }
                result.append(contentsOf: bytes[copiedUpTo...])
                return String(decoding: result, as: UTF8.self)
            }
        }
        return replaced ?? text
    }
}
