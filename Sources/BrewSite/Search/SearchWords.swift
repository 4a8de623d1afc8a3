import Foundation

/// The words search indexes and matches: runs of letters and digits, lower-cased with diacritics
/// folded ("Café Kenyan" → "cafe", "kenyan"), at least `shortest` characters, each once, in order.
/// `assets/search.js` folds a query the same way (`searchFold`).
public enum SearchWords {
    public static let shortest = 2

    public static func of(_ text: String) -> [String] {
        var words: [String] = []
        var seen: Set<String> = []
        func keep(_ word: String) {
            if word.count >= shortest, seen.insert(word).inserted { words.append(word) }
        }
        // Most text is ASCII: split and lower-cased byte by byte, with no Foundation folding.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var word: [UInt8] = []
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
                default:
                    if !word.isEmpty { keep(String(decoding: word, as: UTF8.self)); word.removeAll(keepingCapacity: true) }
                }
            }
            if !word.isEmpty { keep(String(decoding: word, as: UTF8.self)) }
            return words
        }
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var word = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                keep(word)
                word = ""
            }
        }
        if !word.isEmpty { keep(word) }
        return words
    }
}
