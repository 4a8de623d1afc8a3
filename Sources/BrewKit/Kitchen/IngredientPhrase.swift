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
/// - preparation words after the name, with no comma between ("1 small onion finely sliced",
///   "1 lime cut into wedges"), are preparation from that word on;
/// - "ground", "milled", "cracked" and "crushed" prepare only after an adverb: "freshly ground
///   black pepper" is "black pepper", "ground almonds" stays;
/// - after a container ("1 tin chopped tomatoes", "400 g can of diced tomatoes") the participle is
///   part of the canned product and stays (`keepingParticiples`).
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

    /// Participles that prepare only after an adverb: "freshly ground", "coarsely crushed".
    static let grindingWords: Set<String> = ["ground", "milled", "cracked", "crushed"]

    /// Containers and pieces an amount may be bought in: after a measure ("400 g can chopped
    /// tomatoes", "500 g block puff pastry") they are a note, and a participle after them is part
    /// of the product.
    public static let containerWords: Set<String> = [
        "can", "tin", "jar", "pack", "packet", "package", "bag", "carton", "bottle", "tub", "pot", "punnet", "block",
        "box", "sachet", "piece", "handful", "bunch", "tray",
    ]

    /// Words naming a part of a plant or a cut that is counted, written after what it is part of:
    /// "3 garlic cloves" is 3 cloves of garlic, "2 celery sticks" 2 sticks of celery.
    /// ("cinnamon stick", "broccoli head", "bacon rasher" name the thing itself and stay whole.)
    public static let partWords: Set<String> = ["clove", "stalk", "bulb", "sprig", "spear"]

    /// "3" and "garlic cloves" → ("3 cloves", "garlic"): a bare number and a name ending in a word of
    /// `partWords`, with at least one word before it, read as that many of the part.
    public static func countedAfterName(amount: String, name: String) -> (amount: String, name: String)? {
        guard !amount.isEmpty, !AmountGrammar.hasUnitWord(amount) else { return nil }
        var words = name.split(separator: " ").map(String.init)
        guard words.count >= 2, let last = words.last, partWords.contains(AmountGrammar.singular(of: last.lowercased())),
              // "6 whole cloves", "4 pears with stalks", "roots or stalks": the word is no part of the words before.
              !["whole", "dried", "ground", "with", "or", "and", "of", "without"].contains(words[words.count - 2].lowercased()) else { return nil }
        words.removeLast()
        return (amount + " " + last, words.joined(separator: " "))
    }

    /// Words that end a name with what the ingredient is for: "oil for frying", "sugar to glaze",
    /// "parsley for garnish" → ("oil", "for frying").
    public static func withoutPurpose(_ name: String) -> (name: String, purpose: String)? {
        let words = name.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        let purposes: Set<String> = ["serve", "serving", "garnish", "garnishing", "decorate", "decoration", "glaze", "dust", "dusting", "taste", "finish", "sprinkle", "brush", "grease", "greasing"]
        for index in 1..<words.count where ["for", "to"].contains(words[index].lowercased()) && index + 1 < words.count {
            let next = words[index + 1].lowercased().trimmingCharacters(in: .punctuationCharacters)
            let purpose = purposes.contains(next) || (words[index].lowercased() == "for" && next.hasSuffix("ing") && next.count > 5)
            guard purpose else { continue }
            return (words[..<index].joined(separator: " "), words[index...].joined(separator: " "))
        }
        return nil
    }

    /// The thing to buy and its preparation, out of the words after an amount ("rest" of a line).
    public static func split(_ rest: String, keepingParticiples: Bool = false) -> (name: String, preparation: [String]) {
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
        while taken < nameEnd, !keepingParticiples {
            let word = words[taken].lowercased()
            if preparationWords.contains(word) || isDescribingLess(word) || (taken > 0 && grindingWords.contains(word) && isAdverb(words[taken - 1].lowercased())) {
                taken += 1
                lastPreparation = taken
            } else if isAdverb(word) && taken + 1 < nameEnd && isPreparing(words[taken + 1].lowercased(), afterAdverb: true) {
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
        // "salt and freshly ground black pepper": an adverb and its participle inside the name.
        let innerEnd = words.firstIndex { $0.contains(",") || $0.contains("(") } ?? words.count
        if innerEnd >= 3, let at = (1..<(innerEnd - 1)).first(where: {
            isAdverb(words[$0].lowercased()) && grindingWords.contains(words[$0 + 1].lowercased()) && ["and", "or", "&"].contains(words[$0 - 1].lowercased())
        }) {
            preparation.append(words[at...(at + 1)].joined(separator: " "))
            words.removeSubrange(at...(at + 1))
        }
        // "1 small onion finely sliced", "1 apple peeled, cored": preparation after the name, when
        // what follows the participle is no more name ("frozen chopped spinach", "crinkle cut
        // fries" keep theirs) and it is not what the product is packed in ("feta packed in brine").
        let afterEnd = words.firstIndex { $0.contains(",") || $0.contains("(") } ?? (words.count - 1)
        func plain(_ index: Int) -> String {
            index < words.count ? words[index].lowercased().trimmingCharacters(in: .punctuationCharacters) : ""
        }
        func endsName(after index: Int) -> Bool {
            index >= afterEnd || index + 1 >= words.count || followingWords.contains(plain(index + 1)) || isAdverb(plain(index + 1))
                || preparationWords.contains(plain(index + 1)) || plain(index + 1).first?.isNumber == true
        }
        if afterEnd >= 1, let at = (1...afterEnd).first(where: { index in
            let word = plain(index)
            if word == "packed" { return false }
            if preparationWords.contains(word) { return endsName(after: index) }
            return isAdverb(word) && index + 1 <= afterEnd && isPreparing(plain(index + 1), afterAdverb: true) && endsName(after: index + 1)
        }), !["and", "or", "&", "of", "with", "in"].contains(words[at - 1].lowercased()) {
            preparation.append(words[at...].joined(separator: " "))
            words.removeSubrange(at...)
        }
        return (words.joined(separator: " "), preparation)
    }

    /// Words after a participle that show the name has ended: "cut into wedges", "sliced in half".
    static let followingWords: Set<String> = [
        "into", "in", "and", "or", "with", "to", "until", "then", "up", "off", "on", "lengthways", "lengthwise", "crosswise",
        "across", "through", "at", "from", "as", "if", "for", "&", "thin", "thick", "small", "fine", "finely", "very", "just", "before",
    ]

    /// An adverb: one of `adverbs`, or a word of more than six letters in "-ly" ("roughly",
    /// "coarsely"; "belly" and "jelly" are no adverbs).
    static func isAdverb(_ word: String) -> Bool {
        adverbs.contains(word) || (word.hasSuffix("ly") && word.count > 6)
    }

    static func isPreparing(_ word: String, afterAdverb: Bool) -> Bool {
        preparationWords.contains(word) || (afterAdverb && grindingWords.contains(word))
    }

    static func isDescribing(_ word: String) -> Bool {
        describingWords.contains(word) || isDescribingLess(word) || preparationWords.contains(word)
    }

    /// "skinless", "boneless", "seedless": a word that says what is taken away.
    static func isDescribingLess(_ word: String) -> Bool {
        word.hasSuffix("less") && word.count > 6 && !["unless"].contains(word)
    }
}
