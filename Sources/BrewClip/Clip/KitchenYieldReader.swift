/// The servings in a recipe's yield as pages write it, in English and the languages whose
/// section names clipping knows: "4", "4 servings", "Makes 4", "4-6 people", "Serves: 4",
/// "Serves four", "Für 4 Personen", "4 portioner", "Pour 6 personnes", "Per 4 persone",
/// "Para 4 personas", "Voor 4 personen", "Počet porcí: 6", "Liczba porcji: 4", "4 adag",
/// "Rende 10 porções", "4 porsjoner", "4 kişilik". A range ("Serves 2 to 4", "4-6 people") gives
/// its lower end as the servings and its upper end apart (`range`). A line that counts ratings,
/// reviews, comments or votes ("122 people rated this") is never a yield.
enum KitchenYieldReader {
    /// Servings as a page gives them: a number, or a range from `count` to `upTo`.
    struct Servings: Equatable {
        var count: Int
        var upTo: Int?
    }

    /// Words that label a yield at the start of a line, lower-cased, without their colon.
    static let labels = [
        "serves", "servings", "serving", "yield", "yields", "makes", "portions", "portion",
        "portionen", "personen", "portioner", "porciones", "raciones", "porzioni", "porties", "personnes",
        "rendement", "rinde", "ergibt", "dosi per", "dosis",
        "počet porcí", "porce", "porcí", "liczba porcji", "porcje", "ilość porcji", "adag", "adagok", "rendimento", "rende", "porções",
        "porsjoner", "porsjon", "porsiyon", "kişilik", "antal", "antal portioner", "serverer", "serveres", "dávky", "portionen:",
    ]
    /// Words that say a number counts people or servings, after the number.
    static let servingWords: Set<String> = [
        "servings", "serving", "people", "persons", "person", "portions", "portion", "personen", "person(en)",
        "portionen", "portion(en)", "portioner", "personer", "personnes", "personne", "parts", "personas", "persona",
        "porciones", "porción", "raciones", "persone", "porzioni", "porties", "pers", "port", "pax", "servings.",
        "porcí", "porce", "porcje", "porcji", "porcja", "osób", "osoby", "adag", "személyre", "főre", "porções", "porção", "pessoas",
        "porsjoner", "porsjon", "kişilik", "porsiyon", "kişi", "osoby.", "portioner.", "portions.", "people.",
    ]
    /// Words that say a line counts ratings, reviews, comments or votes, not servings.
    static let countWords = [
        "rated", "rating", "ratings", "liked", "saved", "tried", "review", "reviews", "comment", "comments", "vote", "votes", "star", "stars", "like", "likes",
        "bewertung", "bewertungen", "kommentar", "kommentare", "avis", "commentaire", "commentaires", "valoracion", "valoraciones", "comentario",
        "comentarios", "recensioni", "commenti", "hodnocení", "komentář", "komentáře", "komentarzy", "komentarze", "opinii", "ocen", "értékelés",
        "hozzászólás", "yorum", "değerlendirme", "avaliações", "avaliação", "comentários", "stemmen", "beoordelingen", "reacties", "omdömen",
        "kommentarer", "betyg", "anmeldelser", "vurderinger",
        "printed", "prints", "made", "cooked", "baked", "pinned", "shared", "shares", "saves", "bookmarked", "viewed", "views", "followers",
    ]
    /// Words between the two ends of a range: "2 to 4", "2 bis 4", "2 à 4", "2 a 4", "2 til 4", "2 do 4", "2 až 4".
    static let rangeWords: Set<String> = ["-", "–", "—", "to", "or", "bis", "à", "a", "til", "till", "do", "až", "ou", "o", "tot", "–", "ila"]
    /// Words before a number that say it counts people: "für 4", "pour 4", "para 4", "per 4", "voor 4", "till 4".
    static let forWords: Set<String> = ["for", "für", "fuer", "pour", "para", "per", "voor", "till", "för"]
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "a dozen": 12, "dozen": 12,
    ]

    /// The servings a yield value names, with the upper end of a range.
    static func range(inYield text: String) -> Servings? {
        guard let count = servings(inYield: text) else { return nil }
        return Servings(count: count, upTo: upperEnd(in: text.lowercased(), after: count))
    }

    /// The servings a page's line names, with the upper end of a range.
    static func range(inLine line: String) -> Servings? {
        guard let count = servings(inLine: line) else { return nil }
        return Servings(count: count, upTo: upperEnd(in: line.lowercased(), after: count))
    }

    /// The upper end of a range that starts at `count`: "2 to 4", "2-4", "2–4 people"; nil when
    /// the number after `count` is not larger or not joined to it by a range word.
    static func upperEnd(in lower: String, after count: Int) -> Int? {
        let spaced = lower.replacingOccurrences(of: "–", with: " – ").replacingOccurrences(of: "-", with: " - ").replacingOccurrences(of: "—", with: " — ")
        let words = spaced.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "," || $0 == "(" || $0 == ")" }).map(String.init)
        guard let start = words.firstIndex(where: { number(in: $0) == count }), start + 2 < words.count,
              rangeWords.contains(words[start + 1]), let upper = number(in: words[start + 2]), upper > count, upper < 10_000 else { return nil }
        return upper
    }

    /// A word's whole number: "4", "four".
    static func number(in word: String) -> Int? {
        if let named = numberWords[word] { return named }
        guard word.first?.isNumber == true, let value = KitchenPageReader.leadingNumber(word), value >= 1, value < 10_000 else { return nil }
        return Int(value.rounded(.down))
    }

    /// Whether a line counts ratings, reviews or comments ("122 people rated this", "(45 reviews)").
    static func countsReactions(_ lower: String) -> Bool {
        let words = lower.split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.contains { countWords.contains($0) }
    }

    /// The servings a yield value names; nil when it names no plausible number (1–9999).
    static func servings(inYield text: String) -> Int? {
        let lower = text.lowercased()
        if countsReactions(lower) { return nil }
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
        guard lower.utf8.count <= 120, !countsReactions(lower) else { return nil }
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
        // "4 servings", "4-6 people", "4 Portionen"; not "4 portions of salmon fillet", an ingredient.
        if let value = number(words[0]) {
            let afterIndex = words.indices.dropFirst().first { index in
                let word = words[index]
                return !(word.first?.isNumber ?? false) && word != "-" && word != "to" && word != "–"
            }
            if let afterIndex, servingWords.contains(words[afterIndex]) {
                let next = afterIndex + 1 < words.count ? words[afterIndex + 1] : nil
                if let next, ["of", "de", "di", "von", "af", "av"].contains(next) { return nil }
                return value
            }
        }
        // "Antal: 4 portioner", "Ilość: 4 porcje": a number followed by a serving word later in the line.
        for index in words.indices.dropFirst().dropLast() where servingWords.contains(words[index + 1]) {
            if let value = number(words[index]), words[..<index].allSatisfy({ $0.first?.isNumber != true }) { return value }
        }
        // "Für 4 Personen", "For 6".
        if words.count >= 2, forWords.contains(words[0]), let value = number(words[1]) {
            if words.count == 2 || servingWords.contains(words[2]) { return value }
        }
        return nil
    }
}
