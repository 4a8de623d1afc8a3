/// The servings in a recipe's yield as pages write it, in English and the languages whose
/// section names clipping knows: "4", "4 servings", "Makes 4", "4-6 people", "Serves: 4",
/// "Serves four", "Für 4 Personen", "4 portioner", "Pour 6 personnes", "Per 4 persone",
/// "Para 4 personas", "Voor 4 personen". A range gives its lower end.
enum KitchenYieldReader {
    /// Words that label a yield at the start of a line, lower-cased, without their colon.
    static let labels = [
        "serves", "servings", "serving", "yield", "yields", "makes", "portions", "portion",
        "portionen", "personen", "portioner", "porciones", "raciones", "porzioni", "porties", "personnes",
        "rendement", "rinde", "ergibt", "dosi per", "dosis",
    ]
    /// Words that say a number counts people or servings, after the number.
    static let servingWords: Set<String> = [
        "servings", "serving", "people", "persons", "person", "portions", "portion", "personen", "person(en)",
        "portionen", "portion(en)", "portioner", "personer", "personnes", "personne", "parts", "personas", "persona",
        "porciones", "porción", "raciones", "persone", "porzioni", "porties", "pers", "port", "pax", "servings.",
    ]
    /// Words before a number that say it counts people: "für 4", "pour 4", "para 4", "per 4", "voor 4", "till 4".
    static let forWords: Set<String> = ["for", "für", "fuer", "pour", "para", "per", "voor", "till", "för"]
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "a dozen": 12, "dozen": 12,
    ]

    /// The servings a yield value names; nil when it names no plausible number (1–9999).
    static func servings(inYield text: String) -> Int? {
        let lower = text.lowercased()
        if let labelled = servings(inLabelledLine: lower) { return labelled }
        let words = lower.split(whereSeparator: { $0.isWhitespace || $0 == ":" }).map(String.init)
        if let first = words.first, let number = numberWords[first] { return number }
        guard let number = KitchenPageReader.leadingNumber(lower), number >= 1, number < 10_000 else { return nil }
        return Int(number.rounded(.down))
    }

    /// The servings a page's line names when it reads as a yield: a label then a number ("Serves: 4",
    /// "Portionen 4", "Makes four"), a number then people ("4-6 people", "4 Portionen"), or "for"
    /// and a number of people ("Für 4 Personen"). Nil for any other line.
    static func servings(inLine line: String) -> Int? {
        servings(inLabelledLine: line.lowercased())
    }

    /// Each label's words, split once.
    static let labelWords: [[String]] = labels.map { $0.split(separator: " ").map(String.init) }

    static func servings(inLabelledLine lower: String) -> Int? {
        // A yield is a short line; a paragraph is not read word by word.
        guard lower.utf8.count <= 120 else { return nil }
        let words = lower.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "," }).map(String.init)
        guard !words.isEmpty, words.count <= 8 else { return nil }
        func number(_ word: String) -> Int? {
            if let named = numberWords[word] { return named }
            guard word.first?.isNumber == true, let value = KitchenPageReader.leadingNumber(word), value >= 1, value < 10_000 else { return nil }
            return Int(value.rounded(.down))
        }
        // "Serves 4", "Servings: 4", "Dosi per 4".
        for parts in labelWords {
            guard words.count > parts.count, Array(words.prefix(parts.count)) == parts else { continue }
            let rest = words[parts.count...]
            if let first = rest.first, let value = number(first) { return value }
            // "Makes about 12", "Serves up to 6".
            if rest.count > 1, ["about", "approx", "approx.", "up", "around", "ca.", "etwa", "environ"].contains(rest.first!) {
                let next = rest.dropFirst().first == "to" ? rest.dropFirst(2).first : rest.dropFirst().first
                if let next, let value = number(next) { return value }
            }
        }
        // "4 servings", "4-6 people", "4 Portionen".
        if let value = number(words[0]) {
            let after = words.dropFirst().first { word in !(word.first?.isNumber ?? false) && word != "-" && word != "to" && word != "–" }
            if let after, servingWords.contains(after) { return value }
        }
        // "Für 4 Personen", "For 6".
        if words.count >= 2, forWords.contains(words[0]), let value = number(words[1]) {
            if words.count == 2 || servingWords.contains(words[2]) { return value }
        }
        return nil
    }
}
