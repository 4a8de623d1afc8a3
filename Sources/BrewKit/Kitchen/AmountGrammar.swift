/// Reads an ingredient's amount into a quantity and a unit.
///
/// The grammar, in order of reading:
/// - a number: `500`, `0.5`, `0,5`, `1/2`, `½` (any Unicode vulgar fraction), `1½`, `1 ½`, `1 1/2`,
///   or the words `a` / `an` before a unit ("a cup");
/// - optionally a range: `-`, `–`, `—`, `to` or `or`, then a second number ("2-3", "2 – 3", "2 to 3");
/// - optionally a package size in parentheses: "1 (400 g) can", or a multiplier: "8 x 100 g fillets",
///   "2 × 400g tins" (8 of a counted thing; the size after "x" its package size);
/// - optionally a size word before a unit or counted word: "1 heaped tsp", "2 large cans" (`sizeWords`);
/// - optionally a unit of measure (`KitchenUnit.named`: g, kg, ml, l, tsp, tbsp, cup, oz, lb, fl oz and
///   their spellings) or one counted word ("cloves", "can"); a unit may end in a dot ("tbsp.");
/// - after pounds, ounces: "1 lb 2 oz" is one quantity of 18 oz;
/// - optionally an alternative in parentheses, ignored: "200 g (7 oz)".
///
/// Phrases that name no quantity ("a pinch", "to taste", "as needed") are `.unmeasured`.
/// Anything else is `.unreadable`: kept as written, shown verbatim and never scaled.
public enum AmountGrammar {
    /// Reads a whole amount field.
    public static func parse(_ text: String) -> KitchenAmount {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return .empty }
        if isUnmeasured(trimmed) { return .unmeasured(trimmed) }
        var reader = Reader(trimmed)
        if let quantity = reader.quantity(countedWord: { _ in true }) {
            reader.skipAlternative()
            reader.skipSpaces()
            if reader.atEnd { return .quantity(quantity) }
        }
        return .unreadable(trimmed)
    }

    /// Splits an ingredient line ("2 cloves garlic, minced") into the longest start the grammar
    /// reads as an amount ("2 cloves") and the rest ("garlic, minced"). Only the words of
    /// `countedWords` count as units here, so that "3 eggs" reads as 3 of "eggs".
    public static func splitLine(_ line: String) -> (amount: String, rest: String) {
        let trimmed = line.trimmingWhitespace
        let lower = trimmed.lowercased()
        for phrase in leadingPhrases where lower.hasPrefix(phrase) {
            let end = trimmed.index(trimmed.startIndex, offsetBy: phrase.count)
            if end == trimmed.endIndex || !trimmed[end].isLetter {
                var rest = String(trimmed[end...]).trimmingWhitespace
                if rest.lowercased().hasPrefix("of ") { rest = String(rest.dropFirst(3)) }
                return (String(trimmed[..<end]), rest)
            }
        }
        if let unnumbered = unnumberedAmount(trimmed) { return unnumbered }
        var reader = Reader(trimmed)
        guard reader.quantity(countedWord: { countedWords.contains(singular(of: $0.lowercased())) }) != nil else {
            return ("", trimmed)
        }
        reader.skipAlternative()
        let end = reader.position
        let amount = String(trimmed[..<end]).trimmingWhitespace
        var rest = String(trimmed[end...]).trimmingWhitespace
        // "of" after an amount, and the "de" / "di" that Portuguese, Spanish, French and Italian put
        // after a unit ("1 xícara de farinha", "2 cucharadas de azúcar").
        for joining in ["of ", "de ", "di ", "d'", "d’"] where rest.lowercased().hasPrefix(joining) {
            if joining != "of ", !hasUnitWord(amount) { continue }
            rest = String(rest.dropFirst(joining.count))
            break
        }
        return (amount, rest)
    }

    /// Whether an amount ends in a word (a unit or a counted word), not a bare number.
    public static func hasUnitWord(_ amount: String) -> Bool {
        amount.last.map { $0.isLetter || $0 == "." || $0 == ")" } ?? false
    }

    /// Words that say the size of what is counted or measured, read before a unit and kept apart
    /// from it: "1 heaped tsp", "2 large cans", "1 small bunch", "1 lg head".
    public static let sizeWords: Set<String> = [
        "small", "medium", "large", "big", "extra-large", "extra large", "jumbo", "lg", "sm", "md", "med", "xl",
        "heaped", "heaping", "level", "rounded", "scant", "generous", "good", "thumb-sized", "thumb-size", "thick", "thin",
    ]

    /// Phrases that name no quantity, compared in lower case without a final dot.
    public static let unmeasuredPhrases: Set<String> = [
        "to taste", "a pinch", "pinch", "a dash", "dash", "as needed", "as required", "to serve",
        "for serving", "optional", "a few", "some", "a handful", "handful", "a splash", "splash",
        "a little", "a drizzle", "drizzle", "a sprinkle", "a knob", "knob", "pinch of", "a pinch of",
        "to garnish", "for garnish", "for frying", "as desired",
    ]

    /// Phrases that may open an ingredient line as its amount, longest first.
    static let leadingPhrases: [String] = ["a pinch", "a handful", "a splash", "a drizzle", "a dash", "a knob", "a little", "pinch"]

    /// Measures a cook writes with no number, opening a line: "handful pecans", "small bunch of
    /// sage", "sprig tarragon", "good pinch salt". Read as an unmeasured amount, never scaled.
    public static let unnumberedMeasures: Set<String> = ["handful", "bunch", "sprig", "pinch", "knob", "splash", "drizzle", "dash", "glug", "sprinkle"]

    /// "small bunch fresh sage" → ("small bunch", "fresh sage"): an optional "a", an optional size
    /// word and a word of `unnumberedMeasures`, then at least one word of name (an "of" dropped).
    static func unnumberedAmount(_ line: String) -> (amount: String, rest: String)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let end = unnumberedMeasureEnd(words), end < words.count else { return nil }
        var rest = Array(words[end...])
        if rest.first?.lowercased() == "of", rest.count > 1 { rest.removeFirst() }
        return (words[..<end].joined(separator: " "), rest.joined(separator: " "))
    }

    /// Where the words of an unnumbered measure end ("a good handful" → 3), or nil.
    static func unnumberedMeasureEnd(_ words: [String]) -> Int? {
        var index = 0
        if index < words.count, words[index].lowercased() == "a" { index += 1 }
        if index < words.count, sizeWords.contains(words[index].lowercased()) { index += 1 }
        guard index < words.count, unnumberedMeasures.contains(singular(of: words[index].lowercased())) else { return nil }
        return index + 1
    }

    static func isUnmeasured(_ text: String) -> Bool {
        var key = text.lowercased()
        while key.hasSuffix(".") { key.removeLast() }
        if unmeasuredPhrases.contains(key) { return true }
        let words = key.split(separator: " ").map(String.init)
        return unnumberedMeasureEnd(words) == words.count
    }

    /// Words that count things, in the singular, recognised when splitting a line.
    public static let countedWords: Set<String> = Set([
        "clove", "can", "tin", "jar", "slice", "piece", "sprig", "bunch", "stalk", "stick", "head",
        "packet", "package", "pack", "bag", "sheet", "leaf", "fillet", "cube", "knob", "bottle",
        "carton", "box", "block", "ball", "rasher", "strip", "pinch", "dash", "handful", "drop", "scoop",
        "loaf", "bulb", "ear", "sachet", "envelope", "link", "wedge", "sprinkle", "splash",
        // Lengths ("1 inch (2.5 cm) ginger"): a piece of something, scaled as counted.
        "inch", "cm",
        "punnet", "tub", "pot", "glass", "stem", "sleeve", "portion", "pinche", "tray",
        // Portuguese and Danish counted words with an "-s" / "-e" plural.
        "dente", "pitada", "unidade", "fatia", "pacote", "colherzinha",
        // Measures of other languages with no unit of their own here, scaled as written.
    ] + invariantWords)

    /// Counted words shown the same for one or many: other languages' measures and abbreviations
    /// (Swedish dl, cl, krm, st; German Prise, Bund, Stück, Msp; …).
    public static let invariantWords: Set<String> = [
        "cm", "dl", "cl", "krm", "st", "stk", "stück", "prise", "bund", "msp", "pck", "pkt", "pkg",
        "dose", "becher", "zehe", "zehen", "klyfta", "klyftor", "knippe", "burk", "paket", "nypa",
        "gousse", "gousses", "pincée", "pincées", "boîte", "tranche", "tranches",
        "spicchio", "spicchi", "pizzico", "fetta", "fette", "diente", "dientes", "pizca", "lata", "latas",
        "teen", "teentjes", "snufje", "blik", "plak", "plakjes", "bos",
        // Hungarian (no plural after a number), Danish and Norwegian (issue 50).
        "dkg", "dag", "gerezd", "csipet", "db", "darab", "csomag", "fej", "szál", "doboz", "bögre", "kk", "kávéskanál", "marék", "szelet",
        "fed", "fedd", "knivspids", "klype", "dåse", "boks", "pakke", "pakker", "pk", "bundt", "bunt", "skive", "skiver", "dråbe", "dråber",
    ]

    /// A counted word in the singular: "cloves" → "clove", "leaves" → "leaf", "pinches" → "pinch".
    public static func singular(of word: String) -> String {
        let irregular = ["leaves": "leaf", "loaves": "loaf", "knives": "knife", "halves": "half", "inches": "inch"]
        if let found = irregular[word] { return found }
        if invariantWords.contains(word) { return word }
        for suffix in ["ches", "shes", "xes", "sses", "oes"] where word.hasSuffix(suffix) && word.count > suffix.count + 1 {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ies") && word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 2 { return String(word.dropLast()) }
        return word
    }

    /// A counted word in the plural: "clove" → "cloves", "pinch" → "pinches", "leaf" → "leaves".
    public static func plural(of word: String) -> String {
        let irregular = ["leaf": "leaves", "loaf": "loaves", "knife": "knives", "half": "halves"]
        if let found = irregular[word] { return found }
        if invariantWords.contains(word) { return word }
        if word.hasSuffix("ch") || word.hasSuffix("sh") || word.hasSuffix("x") || word.hasSuffix("ss") { return word + "es" }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        return word + "s"
    }

    /// The value of a Unicode vulgar fraction character.
    static let vulgarFractions: [Character: Double] = [
        "½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4, "⅕": 1.0 / 5, "⅖": 2.0 / 5,
        "⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅐": 1.0 / 7, "⅛": 1.0 / 8, "⅜": 3.0 / 8,
        "⅝": 5.0 / 8, "⅞": 7.0 / 8, "⅑": 1.0 / 9, "⅒": 1.0 / 10,
    ]
}

extension AmountGrammar {
    /// A cursor over the characters of an amount.
    struct Reader {
        let text: String
        let characters: [Character]
        var index = 0

        init(_ text: String) {
            self.text = text
            self.characters = Array(text)
        }

        var atEnd: Bool { index >= characters.count }
        var position: String.Index { text.index(text.startIndex, offsetBy: index) }

        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        mutating func skipSpaces() {
            while let character = peek(), character == " " || character == "\t" || character == "\u{00A0}" { index += 1 }
        }

        /// A word of letters (with inner dots, as in "fl." or "oz."), without moving the cursor.
        func word(at start: Int) -> (text: String, end: Int)? {
            var end = start
            while end < characters.count, characters[end].isLetter { end += 1 }
            guard end > start else { return nil }
            var word = String(characters[start..<end])
            if end < characters.count, characters[end] == "." {
                word += "."
                end += 1
            }
            return (word, end)
        }

        // MARK: Numbers

        mutating func digits() -> String? {
            var found = ""
            while let character = peek(), character.isASCII, character.isNumber {
                found.append(character)
                index += 1
            }
            return found.isEmpty ? nil : found
        }

        /// `500`, `0.5`, `0,5`, `1/2`, `½`, `1½`, `1 ½`, `1 1/2`, `1⁄2`.
        mutating func number() -> Double? {
            let start = index
            if let character = peek(), let fraction = vulgarFractions[character] {
                index += 1
                return fraction
            }
            // More than seven digits is no kitchen amount ("99999999999999999999999 g" would
            // scale to "5e+23 kg"): not read, so it is kept as written and `check` warns.
            guard let whole = digits(), whole.count <= 7 else { index = start; return nil }
            var value = Double(whole) ?? 0
            // A decimal: "0.5", "0,5" (a comma before exactly three digits is a thousands mark).
            if let mark = peek(), mark == "." || mark == ",", let next = peek(1), next.isASCII, next.isNumber {
                let save = index
                index += 1
                let decimals = digits() ?? ""
                if mark == "," && decimals.count == 3 {
                    value = Double(whole + decimals) ?? value
                } else if let decimal = Double("0." + decimals) {
                    value += decimal
                } else {
                    index = save
                }
                return value
            }
            // "1/2" or "1⁄2".
            if let slash = peek(), slash == "/" || slash == "\u{2044}" {
                let save = index
                index += 1
                if let denominator = digits(), let bottom = Double(denominator), bottom > 0 {
                    return value / bottom
                }
                index = save
                return value
            }
            // "1½", "1 ½", "1 1/2".
            let save = index
            skipSpaces()
            if let character = peek(), let fraction = vulgarFractions[character] {
                index += 1
                return value + fraction
            }
            if index > save, let top = digits() {
                if let slash = peek(), slash == "/" || slash == "\u{2044}" {
                    index += 1
                    if let denominator = digits(), let bottom = Double(denominator), bottom > 0, let numerator = Double(top), numerator < bottom {
                        return value + numerator / bottom
                    }
                }
            }
            index = save
            return value
        }

        /// A number, or a range of two ("2-3", "2 – 3", "2 to 3").
        mutating func range() -> (Double, Double?)? {
            guard let low = number() else { return nil }
            let save = index
            skipSpaces()
            var separated = false
            if let dash = peek(), dash == "-" || dash == "–" || dash == "—" {
                index += 1
                separated = true
            } else if let word = word(at: index), ["to", "or"].contains(word.text.lowercased()) {
                index = word.end
                separated = true
            }
            if separated {
                skipSpaces()
                if let high = number(), high >= low { return (low, high) }
            }
            index = save
            return (low, nil)
        }

        // MARK: Quantities

        /// A whole quantity from the cursor; counted words are those `countedWord` accepts.
        mutating func quantity(countedWord: (String) -> Bool) -> KitchenQuantity? {
            skipSpaces()
            let start = index
            var low: Double
            var high: Double?
            var article = false
            if let (value, maximum) = range() {
                low = value
                high = maximum
            } else if let word = word(at: index), ["a", "an", "one"].contains(word.text.lowercased()) {
                index = word.end
                low = 1
                article = true
            } else {
                return nil
            }
            var afterNumber = index
            // "1 (400 g) can": a package size.
            var packageSize: String?
            // "8 x 100 g fillets", "2 × 400g tins": a multiplier; a measure after it is the package size.
            if !article {
                var probe = self
                probe.skipSpaces()
                if let mark = probe.peek(), mark == "x" || mark == "×" || mark == "X", let after = probe.peek(1), after == " " || after.isNumber {
                    probe.index += 1
                    probe.skipSpaces()
                    let inner = probe.index
                    var sized = probe
                    if sized.number() != nil {
                        sized.skipSpaces()
                        if sized.measureUnit() != nil {
                            packageSize = String(characters[inner..<sized.index]).trimmingWhitespace
                            probe = sized
                        }
                    }
                    if packageSize != nil || probe.number() == nil {
                        index = packageSize != nil ? probe.index : inner
                        afterNumber = index
                    }
                }
            }
            skipSpaces()
            if peek() == "(" {
                let save = index
                index += 1
                let inner = index
                var probe = self
                probe.skipSpaces()
                if probe.number() != nil {
                    probe.skipSpaces()
                    if probe.measureUnit() != nil {
                        probe.skipSpaces()
                        if probe.peek() == ")" {
                            packageSize = String(characters[inner..<probe.index]).trimmingWhitespace
                            index = probe.index + 1
                        }
                    }
                }
                if packageSize == nil { index = save }
            }
            if packageSize == nil || index < afterNumber { index = afterNumber }
            let beforeUnit = index
            skipSpaces()
            // "1 heaped tsp", "2 large cans": a size word before a unit or a counted word.
            if let size = word(at: index), AmountGrammar.sizeWords.contains(size.text.lowercased()) {
                var probe = self
                probe.index = size.end
                probe.skipSpaces()
                if probe.measureUnit() != nil {
                    index = size.end
                    skipSpaces()
                } else if let next = probe.word(at: probe.index),
                          AmountGrammar.countedWords.contains(AmountGrammar.singular(of: (next.text.hasSuffix(".") ? String(next.text.dropLast()) : next.text).lowercased())) {
                    // Only a word that counts things ("cans", "bunch"): "a good glug" stays as written.
                    index = size.end
                    skipSpaces()
                }
            }
            var unit = KitchenQuantityUnit.none
            if let measure = measureUnit() {
                unit = .measure(measure)
                // "1 lb 2 oz": pounds and ounces, one quantity in ounces.
                if measure == .pound, high == nil {
                    var probe = self
                    probe.skipSpaces()
                    if let ounces = probe.number() {
                        probe.skipSpaces()
                        if probe.measureUnit() == .ounce {
                            self = probe
                            low = low * 16 + ounces
                            unit = .measure(.ounce)
                        }
                    }
                }
            } else if let word = word(at: index), word.text.first?.isLetter == true,
                      !["to", "or", "of", "x"].contains(word.text.lowercased()) {
                let bare = word.text.hasSuffix(".") ? String(word.text.dropLast()) : word.text
                if countedWord(bare) {
                    unit = .counted(AmountGrammar.singular(of: bare.lowercased()))
                    index = bare.count + index
                    // "1 can (400 g)": the package size written after the counted word.
                    if packageSize == nil {
                        var probe = self
                        probe.skipSpaces()
                        if probe.peek() == "(" {
                            probe.index += 1
                            probe.skipSpaces()
                            let inner = probe.index
                            if probe.number() != nil {
                                probe.skipSpaces()
                                if probe.measureUnit() != nil {
                                    let end = probe.index
                                    probe.skipSpaces()
                                    if probe.peek() == ")" {
                                        packageSize = String(characters[inner..<end]).trimmingWhitespace
                                        index = probe.index + 1
                                    }
                                }
                            }
                        }
                    }
                } else {
                    index = beforeUnit
                }
            } else {
                index = beforeUnit
            }
            if article, case .none = unit {
                index = start
                return nil
            }
            if packageSize != nil, case .measure = unit {
                // "1 (400 g) g" is not a package; read only the number.
                index = afterNumber
                return KitchenQuantity(amount: low, maxAmount: high)
            }
            return KitchenQuantity(amount: low, maxAmount: high, unit: unit, packageSize: packageSize)
        }

        /// A unit of measure at the cursor, moving past it: two words first ("fl oz"), then one.
        mutating func measureUnit() -> KitchenUnit? {
            guard let first = word(at: index) else { return nil }
            // Phrases of up to four words, longest first: "fl oz", "c. à soupe", "cuillères à café".
            var words = [first]
            var probe = self
            probe.index = first.end
            while words.count < 4 {
                probe.skipSpaces()
                guard let next = probe.word(at: probe.index) else { break }
                words.append(next)
                probe.index = next.end
            }
            for count in stride(from: words.count, to: 1, by: -1) {
                if let unit = KitchenUnit.named(words[0..<count].map(\.text).joined(separator: " ")) {
                    index = words[count - 1].end
                    return unit
                }
            }
            // "colher (sopa)", "xícara (chá)": a unit named with a word in parentheses.
            var bracket = first.end
            while bracket < characters.count, characters[bracket] == " " { bracket += 1 }
            if bracket < characters.count, characters[bracket] == "(", let inner = word(at: bracket + 1), inner.end < characters.count, characters[inner.end] == ")",
               let unit = KitchenUnit.named(first.text + " (" + inner.text + ")") {
                index = inner.end + 1
                return unit
            }
            // "c.à.s." written without spaces.
            var dotted = first.end
            while dotted < characters.count, characters[dotted].isLetter || characters[dotted] == "." { dotted += 1 }
            if dotted > first.end, let unit = KitchenUnit.named(String(characters[index..<dotted])) {
                index = dotted
                return unit
            }
            guard let unit = KitchenUnit.named(first.text) else { return nil }
            // A unit is a whole word: "500g" yes, "500 garlic" no ("g" would be the start of a name).
            index = first.end
            return unit
        }

        /// An alternative in parentheses right after the quantity, such as "(7 oz)": skipped.
        mutating func skipAlternative() {
            let save = index
            skipSpaces()
            guard peek() == "(" else { index = save; return }
            var probe = self
            probe.index += 1
            probe.skipSpaces()
            if probe.range() != nil {
                probe.skipSpaces()
                // "(7 oz)", "(2.5 cm)", "(2 dl)": a unit or one other word.
                if probe.measureUnit() == nil, let word = probe.word(at: probe.index) { probe.index = word.end }
                probe.skipSpaces()
                if probe.peek() == ")" {
                    index = probe.index + 1
                    return
                }
            }
            index = save
        }
    }
}
