/// The words of an ingredient line after its amount, told apart into the thing to buy and how it
/// is prepared (issue 50): "skinless, boneless chicken breast halves" is "chicken breast halves"
/// prepared "skinless, boneless"; "finely chopped parsley" is "parsley", "finely chopped".
///
/// The rules, in order:
/// - the name runs to the first comma or parenthesis, unless all the words before that comma only
///   describe what follows (`describingWords`, words ending in "-less"): then they are
///   preparation and the name is read from after the comma;
/// - preparation words at the start of the name (a past participle of `preparationWords`, with an
///   adverb in "-ly" or "well" before it, several joined by "and", "or" or ","), are preparation,
///   as long as a word of the name is left.
/// Words that are part of what is bought stay in the name: "ground beef", "dried apricots",
/// "smoked salmon", "unsalted butter", "crushed tomatoes", "toasted sesame oil".
public enum IngredientPhrase {
    /// Past participles that say how an ingredient is prepared, not what is bought.
    public static let preparationWords: Set<String> = [
        "chopped", "diced", "minced", "sliced", "grated", "shredded", "crumbled", "cubed", "halved", "quartered", "peeled",
        "seeded", "deseeded", "cored", "trimmed", "softened", "melted", "beaten", "whisked", "sifted", "packed", "squeezed",
        "torn", "julienned", "zested", "juiced", "pitted", "stoned", "shelled", "rinsed", "drained", "washed", "picked",
        "stemmed", "destemmed", "pureed", "puréed", "mashed", "shaved", "snipped", "skinned", "boned", "deboned", "bruised",
        "bashed", "sieved", "warmed", "chilled", "cooled", "scrubbed", "hulled", "segmented", "spiralized", "spiralised",
        "well-shaken", "shaken", "thawed", "defrosted", "soaked", "blanched", "sautéed", "sauteed", "cut", "crumbed",
    ]
    /// Words that describe a cut of what follows and stand before a comma: "skinless, boneless chicken".
    public static let describingWords: Set<String> = ["boneless", "skinless", "bone-in", "skin-on", "seedless", "fresh", "frozen", "ripe", "raw", "large", "small", "medium"]
    /// Adverbs that go with a preparation word: "finely chopped", "well beaten".
    static let adverbs: Set<String> = ["well", "very", "freshly", "lightly", "loosely", "firmly", "tightly", "roughly", "coarsely", "finely", "thinly", "thickly", "freshly"]

    /// The thing to buy and its preparation, out of the words after an amount ("rest" of a line).
    public static func split(_ rest: String) -> (name: String, preparation: [String]) {
        var text = rest.trimmingWhitespace
        var preparation: [String] = []
        // "skinless, boneless chicken breast halves": describing words before the comma.
        while let comma = text.firstIndex(of: ","), !text[..<comma].contains("(") {
            let head = String(text[..<comma]).trimmingWhitespace
            let tail = String(text[text.index(after: comma)...]).trimmingWhitespace
            let words = head.split(separator: " ").map { String($0).lowercased() }
            guard !words.isEmpty, !tail.isEmpty, words.allSatisfy(isDescribing) else { break }
            preparation.append(head)
            text = tail
        }
        // "finely chopped fresh parsley": preparation words first.
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // The words up to the first that holds a comma or a parenthesis (that one too) are the name.
        let nameEnd = words.firstIndex { $0.contains(",") || $0.contains("(") }.map { $0 + 1 } ?? words.count
        var taken = 0
        var lastPreparation = 0
        while taken < nameEnd {
            let word = words[taken].lowercased()
            if preparationWords.contains(word) || isDescribingLess(word) {
                taken += 1
                lastPreparation = taken
            } else if (adverbs.contains(word) || (word.hasSuffix("ly") && word.count > 4)) && taken + 1 < nameEnd && preparationWords.contains(words[taken + 1].lowercased()) {
                taken += 1
            } else if ["and", "or", "&"].contains(word) && lastPreparation == taken && taken > 0 {
                taken += 1
            } else {
                break
            }
        }
        // The joining word after the last preparation word goes with it; a name must be left.
        taken = lastPreparation
        if taken > 0, taken < nameEnd {
            let words0 = words[..<taken].joined(separator: " ")
            preparation.append(words0.hasSuffix(",") ? String(words0.dropLast()) : words0)
            words.removeFirst(taken)
        }
        return (words.joined(separator: " "), preparation)
    }

    static func isDescribing(_ word: String) -> Bool {
        describingWords.contains(word) || isDescribingLess(word) || preparationWords.contains(word)
    }

    /// "skinless", "boneless", "seedless": a word that says what is taken away.
    static func isDescribingLess(_ word: String) -> Bool {
        word.hasSuffix("less") && word.count > 6 && !["unless"].contains(word)
    }
}
