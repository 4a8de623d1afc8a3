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
/// - A word that is part of a whole name found in the step names nothing else: "add the baking
///   powder" names "baking powder", not "chilli powder".
/// - The ingredients come back in the recipe's order, each once.
public enum KitchenStepIngredients {
    static let ignored: Set<String> = ["and", "or", "of", "with", "a", "the", "to", "for", "in"]
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The indices, in `names`, of the ingredients the step names.
    public static func named(in text: String, names: [String]) -> [Int] {
        let words = self.words(text)
        var covered = Set<Int>()
        var found = Set<Int>()
        var partial: [(index: Int, last: String)] = []
        for (index, name) in names.enumerated() {
            let nameWords = self.words(name).filter { !ignored.contains($0) }
            guard let last = nameWords.last else { continue }
            let positions = occurrences(of: nameWords, in: words)
            if positions.isEmpty {
                if nameWords.count > 1, last.count >= 3 { partial.append((index, last)) }
                continue
            }
            found.insert(index)
            for start in positions { covered.formUnion(start..<(start + nameWords.count)) }
        }
        for (index, last) in partial where words.indices.contains(where: { words[$0] == last && !covered.contains($0) }) {
            found.insert(index)
        }
        return found.sorted()
    }

    /// Where `phrase` starts in `words`.
    static func occurrences(of phrase: [String], in words: [String]) -> [Int] {
        guard !phrase.isEmpty, phrase.count <= words.count else { return [] }
        return (0...(words.count - phrase.count)).filter { Array(words[$0..<($0 + phrase.count)]) == phrase }
    }

    /// The text's words, folded and in the singular.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: posix)
            .split { !$0.isLetter && !$0.isNumber }
            .map { singular(String($0)) }
    }

    static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
        return word
    }
}
