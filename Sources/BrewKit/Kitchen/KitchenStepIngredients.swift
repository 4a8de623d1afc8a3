import Foundation

/// Which of a recipe's ingredients a step's text names, for cook mode (issue 26): the kitchen's
/// model links no ingredient to a step, so the words decide.
///
/// Rules:
/// - Words are compared folded (case and accents aside) and in the singular ("tomatoes" names
///   "tomato", "berries" names "berry"); "and", "or", "of", "with" never count.
/// - An ingredient is named when the step holds its whole name ("olive oil", "ground cumin"), or,
///   failing that, its name's last word ("Warm the oil" names "olive oil"; "the tomatoes" names
///   "chopped tomatoes").
/// - A word that is part of a whole name found in the step names nothing else in it: "add the
///   baking powder" names "baking powder", not "chilli powder"; "combine the tomato paste … the
///   tomato rub" names "tomato paste", not "vine ripe tomato" (issue 51).
/// - The ingredients come back in the recipe's order, each once.
public enum KitchenStepIngredients {
    static let ignored: Set<String> = ["and", "or", "of", "with", "a", "the", "to", "for", "in"]
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The indices, in `names`, of the ingredients the step names.
    public static func named(in text: String, names: [String]) -> [Int] {
        Matcher(names: names).named(in: text)
    }

    /// A recipe's ingredient names read once (cook mode asks for every step of a recipe).
    public struct Matcher: Sendable {
        /// Each name's words without the ignored ones; empty for a name of none.
        let nameWords: [[String]]

        public init(names: [String]) {
            nameWords = names.map { KitchenStepIngredients.words($0).filter { !KitchenStepIngredients.ignored.contains($0) } }
        }

        /// The indices, in the names, of the ingredients the step names.
        public func named(in text: String) -> [Int] {
            let words = KitchenStepIngredients.words(text)
            var covered = Set<Int>()
            var found = Set<Int>()
            var partial: [(index: Int, last: String)] = []
            for (index, nameWords) in nameWords.enumerated() {
                guard let last = nameWords.last else { continue }
                let positions = occurrences(of: nameWords, in: words)
                if positions.isEmpty {
                    if nameWords.count > 1, last.count >= 3 { partial.append((index, last)) }
                    continue
                }
                found.insert(index)
                for start in positions { covered.formUnion(start..<(start + nameWords.count)) }
            }
            // A word of a whole name found names nothing else in the step, wherever it stands:
            // "combine the tomato paste … the tomato rub" does not name "vine ripe tomato".
            let foundWords = Set(found.flatMap { nameWords[$0] })
            for (index, last) in partial where !foundWords.contains(last) && words.indices.contains(where: { words[$0] == last && !covered.contains($0) }) {
                found.insert(index)
            }
            return found.sorted()
        }
    }

    /// Where `phrase` starts in `words`.
    static func occurrences(of phrase: [String], in words: [String]) -> [Int] {
        guard !phrase.isEmpty, phrase.count <= words.count else { return [] }
        return (0...(words.count - phrase.count)).filter { start in
            phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
        }
    }

    /// The text's words, folded and in the singular.
    static func words(_ text: String) -> [String] {
        asciiWords(text) ?? foldedWords(text)
    }

    /// `words(_:)` through Foundation's folding, for any text.
    static func foldedWords(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: posix)
            .split { !$0.isLetter && !$0.isNumber }
            .map { singular(String($0)) }
    }

    /// `words(_:)` of a text all in ASCII, read from its bytes: folding is lower-casing there, and
    /// the letters and digits are `A`–`Z`, `a`–`z` and `0`–`9`; nil for any other text.
    static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            case 0x80...: return nil
            default:
                if !word.isEmpty { words.append(singular(String(decoding: word, as: UTF8.self))) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(singular(String(decoding: word, as: UTF8.self))) }
        return words
    }

    static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }
}
