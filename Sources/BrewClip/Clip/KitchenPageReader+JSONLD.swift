import BrewKit
import Foundation

/// schema.org `Recipe` JSON-LD: finding the objects in a page's scripts and reading their fields
/// in every shape real sites publish (a lone object, an array, `@graph`, `@type` as a list,
/// `HowToStep` and `HowToSection`, instructions as one string with line breaks, entities and tags
/// inside strings, `recipeYield` as a number, text or list, ISO 8601 durations, nutrition as
/// "240 kcal" or "12 g", `image` as a string, object or list). Microdata items are read by the
/// same functions once `KitchenMicrodataReader` has put them in this shape.
extension KitchenPageReader {
    // MARK: JSON-LD

    /// Every `Recipe` object in the page's JSON-LD scripts, in page order.
    static func jsonLDRecipes(in document: HTMLDocument) -> [[String: Any]] {
        var recipes: [[String: Any]] = []
        for script in document.elements(["script"]) {
            guard let type = document.attribute("type", of: script), type.lowercased().contains("ld+json") else { continue }
            var text = document.rawText(script).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("<!--") { text = String(text.dropFirst(4)) }
            if text.hasSuffix("-->") { text = String(text.dropLast(3)) }
            // Raw line breaks and tabs inside strings are invalid JSON that sites publish anyway:
            // escaped, so a string that holds many lines keeps them.
            text = escapingControlCharactersInStrings(text)
            guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { continue }
            collectRecipes(value, into: &recipes)
        }
        // A recipe kept in a `<meta>` element's content ("<meta name=recipe content='{"@type":"Recipe",…}'>").
        for meta in document.elements(["meta"]) {
            guard let content = document.attribute("content", of: meta), content.utf8.count < 1_000_000, content.contains("Recipe"),
                  let first = content.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { continue }
            let text = escapingControlCharactersInStrings(HTMLText.decodeEntities(content))
            guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { continue }
            collectRecipes(value, into: &recipes)
        }
        return recipes
    }

    /// Raw control characters inside JSON strings (`"a<LF>b"`) as escapes (`"a\nb"`); outside strings
    /// they are white space and stay. Read byte by byte: quotes, backslashes and control characters are ASCII, and no byte of a
    /// longer UTF-8 sequence is below 0x80, so the bytes between are copied as they are.
    static func escapingControlCharactersInStrings(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                if byte < 0x20 {
                    let escape: String = byte == 10 ? "\\n" : byte == 13 ? "\\r" : byte == 9 ? "\\t" : " "
                    result.append(contentsOf: escape.utf8)
                    continue
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func collectRecipes(_ value: Any, into recipes: inout [[String: Any]]) {
        if let array = value as? [Any] {
            for element in array { collectRecipes(element, into: &recipes) }
        } else if let raw = value as? [String: Any] {
            let object = withSchemaKeys(raw)
            if isType(object["@type"], "Recipe") { recipes.append(object); return }
            for key in ["@graph", "mainEntity", "itemListElement", "item"] {
                if let nested = object[key] { collectRecipes(nested, into: &recipes) }
            }
        }
    }

    /// The schema.org keys clipping reads, in their own case.
    static let schemaKeys: [String: String] = Dictionary(uniqueKeysWithValues: [
        "@type", "@graph", "@value", "mainEntity", "itemListElement", "item", "name", "headline", "text", "image", "url", "contentUrl",
        "recipeIngredient", "ingredients", "ingredient", "recipeInstructions", "recipeYield", "yield", "prepTime", "cookTime", "totalTime",
        "recipeCategory", "nutrition", "calories", "proteinContent", "carbohydrateContent", "fatContent", "servingSize", "description",
    ].map { ($0.lowercased(), $0) })

    /// An object whose keys are mis-cased ("itemlistelement", "RecipeIngredient") with those keys
    /// in schema.org's case, nested objects too; a key already in its own case wins.
    static func withSchemaKeys(_ object: [String: Any]) -> [String: Any] {
        var result = object
        for (key, value) in object {
            if let own = schemaKeys[key.lowercased()], own != key {
                if result[own] == nil { result[own] = value }
                result[key] = nil
            }
        }
        for (key, value) in result {
            if let nested = value as? [String: Any] {
                result[key] = withSchemaKeys(nested)
            } else if let list = value as? [Any], list.contains(where: { $0 is [String: Any] }) {
                result[key] = list.map { element -> Any in (element as? [String: Any]).map(withSchemaKeys) ?? element }
            }
        }
        return result
    }

    /// Whether a `@type` names `name`, in any case ("recipe", "schema:Recipe", "https://schema.org/Recipe").
    static func isType(_ value: Any?, _ name: String) -> Bool {
        if let text = value as? String {
            let lower = text.lowercased(), wanted = name.lowercased()
            return lower == wanted || lower.hasSuffix("/" + wanted) || lower.hasSuffix(":" + wanted)
        }
        if let list = value as? [Any] { return list.contains { isType($0, name) } }
        return false
    }

    /// A recipe's ingredient values under any of the names pages use: `recipeIngredient`, the
    /// older `ingredients`, or microdata's `ingredient`.
    static func ingredientValues(_ recipe: [String: Any]) -> [String] {
        texts(recipe["recipeIngredient"] ?? recipe["ingredients"] ?? recipe["ingredient"])
    }

    /// The index of the recipe with the most ingredients and steps; the first of equals.
    static func richest(_ recipes: [[String: Any]]) -> Int? {
        let scores = recipes.map(richness)
        return scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }
    }

    /// How much of a recipe a JSON-LD object holds: its ingredient and instruction values.
    static func richness(_ recipe: [String: Any]) -> Int {
        ingredientValues(recipe).count + instructions(recipe["recipeInstructions"]).count
    }

    static func apply(_ recipe: [String: Any], to clipped: inout ClippedRecipe) {
        clipped.title = (texts(recipe["name"]).first ?? texts(recipe["headline"]).first).map(cleanLine)
        clipped.image = imageURL(recipe["image"])
        if let url = texts(recipe["url"]).first, KitchenValidator.isWebURL(url) { clipped.sourceUrl = clipped.sourceUrl ?? url }
        clipped.ingredientLines = Array(ingredientValues(recipe).prefix(ClippedRecipe.maximumLines + 1).flatMap(ingredientLines).filter { !$0.isEmpty }.prefix(ClippedRecipe.maximumLines + 1))
        // One string for all the steps may have lost the breaks between its paragraphs.
        let given = recipe["recipeInstructions"]
        let items = (given is String ? instructionItems(given).flatMap { item in splittingGluedSentences(item.text).map { ($0, item.isHeading) } } : instructionItems(given))
            .prefix(ClippedRecipe.maximumLines + 1)
        clipped.steps = items.map(\.text)
        clipped.sectionHeadings = Set(items.filter(\.isHeading).map(\.text))
        let yield = servingsRange(recipe["recipeYield"] ?? recipe["yield"])
        clipped.servings = yield?.count
        clipped.servingsUpTo = yield?.upTo
        clipped.prepTime = texts(recipe["prepTime"]).first.flatMap(displayDuration)
        clipped.cookTime = texts(recipe["cookTime"]).first.flatMap(displayDuration)
        if clipped.prepTime == nil, clipped.cookTime == nil { clipped.cookTime = texts(recipe["totalTime"]).first.flatMap(displayDuration) }
        clipped.category = texts(recipe["recipeCategory"]).joined(separator: ", ").nilIfEmpty
        if let nutrition = recipe["nutrition"] as? [String: Any] {
            /// A value a serving may plausibly have, rounded; an absurd one ("87424 kcal", "1e308") is left out and named.
            func number(_ key: String, _ label: String, maximum: Double, unit: String) -> Double? {
                guard let text = texts(nutrition[key]).first, let value = leadingNumber(text) else { return nil }
                guard value.isFinite, value <= maximum else {
                    clipped.warnings.append("the page's \(label) a serving, \"\(ShownText.escaped(text, limit: 40))\", is more than \(Format.number(maximum)) \(unit) and cannot be right; left out")
                    return nil
                }
                return value
            }
            var calories = number("calories", "calories", maximum: maximumCaloriesPerServing, unit: "kcal")
            var protein = number("proteinContent", "protein", maximum: maximumGramsPerServing, unit: "g")
            var carbs = number("carbohydrateContent", "carbohydrate", maximum: maximumGramsPerServing, unit: "g")
            var fats = number("fatContent", "fat", maximum: maximumGramsPerServing, unit: "g")
            // "0 kcal" is a template's placeholder, not a dish with no energy: unknown. So is a set of
            // figures that are all 0.
            if calories == 0 || [calories, protein, carbs, fats].allSatisfy({ $0 == nil || $0 == 0 }) {
                if [calories, protein, carbs, fats].contains(where: { $0 == 0 }) {
                    clipped.warnings.append("the page's nutrition gives 0 kcal, a placeholder; left unknown")
                }
                calories = nil
                if [protein, carbs, fats].allSatisfy({ $0 == nil || $0 == 0 }) { (protein, carbs, fats) = (nil, nil, nil) }
            }
            // A figure the page leaves out is unknown, never 0; the others are kept as given.
            clipped.nutritionPerServing = ServingNutrition(calories: calories, protein: protein, carbs: carbs, fats: fats)
            // "servingSize": "1 recipe", "whole cake", "total": the figures are the whole dish's.
            if let size = texts(nutrition["servingSize"]).first?.lowercased() {
                let words = Set(size.split(whereSeparator: { !$0.isLetter }).map(String.init))
                if !words.isDisjoint(with: wholeDishWords) { clipped.nutritionIsForWholeDish = true }
            }
        }
        if let description = texts(recipe["description"]).first { clipped.caption = cleanLine(description) }
    }

    /// Strings out of a JSON-LD value: a string, a number, a list of them, or objects with `text`/`name`/`@value`.
    /// Lists and objects are matched before numbers: casting a Swift dictionary or array to
    /// `NSNumber` bridges the whole of it first, which on nested items costs their size each time.
    static func texts(_ value: Any?) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap { texts($0) }
        case let object as [String: Any]: return texts(object["@value"] ?? object["text"] ?? object["name"])
        case let number as NSNumber: return [number.stringValue]
        default: return []
        }
    }

    /// A line as shown: tags removed, entities decoded (twice, for "&amp;amp;"), white space collapsed.
    /// WordPress Recipe Maker wraps notes in a second pair of parentheses ("flour ((200g))",
    /// "steak (, thinly sliced)"): shown as the page shows them ("flour (200g)", "steak, thinly sliced").
    static func cleanLine(_ text: String) -> String {
        var line = HTMLDocument.plainText(HTMLText.decodeEntities(text))
        line = unwrapDoubledParentheses(line)
        return HTMLText.collapse(unwrapLeadingCommaNotes(line))
    }

    /// "steak (, thinly sliced)" → "steak , thinly sliced": each "(, " loses its parenthesis and
    /// the next ")" after it, in one pass.
    static func unwrapLeadingCommaNotes(_ line: String) -> String {
        guard HTMLText.containsASCII(line, "(, ") else { return line }
        var result = ""
        var rest = Substring(line)
        while let range = rest.range(of: "(, ") {
            guard let close = rest[range.upperBound...].firstIndex(of: ")") else { break }
            var before = String(rest[..<range.lowerBound])
            while before.last?.isWhitespace == true { before.removeLast() }
            result += before + " , " + rest[range.upperBound..<close]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The lines of one `recipeIngredient` value: a string holding several lines (a plugin that put
    /// the whole list in one string) is split at its line breaks and `<br>`s.
    static func ingredientLines(_ text: String) -> [String] {
        lines(text).map(cleanLine)
    }

    /// A JSON-LD string's lines: `\n` (escaped or real), `\r`, `<br>` and block tags break lines.
    static func lines(_ text: String) -> [String] {
        let withBreaks = text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return HTMLDocument.plainText(HTMLText.decodeEntities(withBreaks), keepLines: true).split(separator: "\n").map(String.init)
    }

    /// Steps from a string (split at line breaks), a list of strings, `HowToStep`s and `HowToSection`s.
    /// A `HowToStep`'s `name` is shown as a line of its own before its text when it is a title of
    /// its own: not the text, not the start of the text ("Thread skewers" before "Thread skewers.
    /// Light a grill …"), and not a label that several steps share ("Ajout d'ingrédient").
    static func instructions(_ value: Any?) -> [String] {
        instructionItems(value).map(\.text)
    }

    /// The lines of `instructions(_:)`, each marked when it is a heading: a `HowToSection`'s name,
    /// or a `HowToStep`'s name shown on a line of its own.
    static func instructionItems(_ value: Any?) -> [(text: String, isHeading: Bool)] {
        switch value {
        case let text as String:
            return lines(text).map(stripStepNumber).filter { !$0.isEmpty }.map { ($0, false) }
        case let list as [Any]:
            let names = list.compactMap { stepTitle($0) }
            var counts: [String: Int] = [:]
            for name in names { counts[name.lowercased(), default: 0] += 1 }
            return list.flatMap { element -> [(text: String, isHeading: Bool)] in
                let steps = instructionItems(element)
                guard let title = stepTitle(element), counts[title.lowercased()] == 1, let first = steps.first else { return steps }
                return startsWithTitle(first.text, title) ? steps : [(title, true)] + steps
            }
        case let object as [String: Any]:
            // A section: its name as a heading line, then its steps (as recipe managers show it).
            if let items = object["itemListElement"] {
                return (isType(object["@type"], "HowToSection") ? texts(object["name"]).map { (cleanLine($0), true) } : []) + instructionItems(items)
            }
            if let text = object["text"] as? String { return instructionItems(text) }
            if let name = object["name"] as? String { return instructionItems(name) }
            return []
        default:
            return []
        }
    }

    /// A text whose paragraphs lost the break between them ("… 2 to 3 minutes.Add the tomatoes …",
    /// a page that stripped its tags) split where a sentence's end meets the next sentence's
    /// capital with no space: a lower-case letter, ".", "!" or "?", then an upper-case letter
    /// and a lower-case one.
    static func splittingGluedSentences(_ line: String) -> [String] {
        let characters = Array(line)
        guard characters.count > 40 else { return [line] }
        var pieces: [String] = []
        var start = 0
        for index in 1..<max(1, characters.count - 2) where ".!?".contains(characters[index]) {
            let before = characters[index - 1], after = characters[index + 1], next = characters[index + 2]
            guard before.isLowercase, after.isUppercase, next.isLowercase else { continue }
            pieces.append(String(characters[start...index]))
            start = index + 1
        }
        guard !pieces.isEmpty else { return [line] }
        pieces.append(String(characters[start...]))
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A `HowToStep`'s `name` when it has both a name and a text.
    static func stepTitle(_ value: Any) -> String? {
        guard let step = value as? [String: Any], step["itemListElement"] == nil, step["text"] is String,
              let name = step["name"] as? String else { return nil }
        let title = cleanLine(name)
        return isStepLabel(title) ? nil : title.nilIfEmpty
    }

    /// Words that number a step: "Step", "Schritt", "stap", "Étape", "Paso", "Passo", "Krok", "Adım", "Lépés", "Steg", "Trin", "instruction".
    static let stepLabelWords: Set<String> = ["step", "steps", "schritt", "stap", "étape", "etape", "paso", "passo", "krok", "adım", "adim", "lépés",
                                              "steg", "trin", "trinn", "instruction", "instrucción", "instruktion", "stage", "fase", "postup", "vaihe"]

    /// "Step 1", "Schritt 3:", "stap 2", "instruction 0", "2.": a label that only numbers a step,
    /// never a section heading of its own.
    static func isStepLabel(_ text: String) -> Bool {
        var words = text.lowercased().split(whereSeparator: { $0.isWhitespace || ":.#)-–".contains($0) }).map(String.init)
        guard let last = words.last, last.allSatisfy(\.isNumber) else { return false }
        words.removeLast()
        return words.isEmpty || (words.count == 1 && stepLabelWords.contains(words[0]))
    }

    /// Whether a step's text begins with its title (ignoring case, a closing "." or ":", and a
    /// title cut short with "…").
    static func startsWithTitle(_ text: String, _ title: String) -> Bool {
        var prefix = title.lowercased()
        while let last = prefix.last, ".:…".contains(last) { prefix.removeLast() }
        if prefix.hasSuffix("..") { while prefix.hasSuffix(".") { prefix.removeLast() } }
        return prefix.isEmpty || text.lowercased().hasPrefix(prefix.trimmingCharacters(in: .whitespaces))
    }

    /// A parenthesis whose whole content is itself in parentheses loses its outer pair:
    /// "((200g))" → "(200g)", "((or thin noodles) (note 1))" → "(or thin noodles) (note 1)";
    /// "(boneless (about 2))" stays. One pass pairs the parentheses (a stack), a second drops
    /// each outer pair whose first character is "(" and whose last is ")": linear in the line.
    static func unwrapDoubledParentheses(_ text: String) -> String {
        guard HTMLText.containsASCII(text, "((") else { return text }
        let characters = Array(text)
        var closing = [Int?](repeating: nil, count: characters.count)
        var open: [Int] = []
        for (position, character) in characters.enumerated() {
            if character == "(" { open.append(position) }
            if character == ")", let start = open.popLast() { closing[start] = position }
        }
        var dropped = [Bool](repeating: false, count: characters.count)
        for index in 0..<max(0, characters.count - 1) where characters[index] == "(" && characters[index + 1] == "(" {
            guard let end = closing[index], end > index + 1, characters[end - 1] == ")" else { continue }
            dropped[index] = true
            dropped[end] = true
        }
        var result = ""
        result.reserveCapacity(characters.count)
        for (position, character) in characters.enumerated() where !dropped[position] { result.append(character) }
        return result
    }

    /// "1. Mix" → "Mix"; "Step 2: Bake" → "Bake"; a decimal ("1.5 EL Zucker", "2.5 cups") is no
    /// step number and stays whole.
    static func stripStepNumber(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("step "), let end = text.firstIndex(where: { $0 == ":" || $0 == "." }), text.distance(from: text.startIndex, to: end) <= 8 {
            text = String(text[text.index(after: end)...])
        } else if let first = text.first, first.isNumber, let end = text.firstIndex(where: { !$0.isNumber }), [".", ")"].contains(text[end]),
                  !(text[end] == "." && text[text.index(after: end)...].first?.isNumber == true) {
            text = String(text[text.index(after: end)...])
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The servings of a yield: 4, "4", "4 servings", ["4", "4 servings"], "Serves 4-6", "Makes four",
    /// "Für 4 Personen" (`KitchenYieldReader`).
    static func servings(_ value: Any?) -> Int? {
        servingsRange(value)?.count
    }

    /// The servings of a yield with the upper end of a range ("2-4 servings").
    static func servingsRange(_ value: Any?) -> KitchenYieldReader.Servings? {
        // ["4", "4-6 servings"]: the first element's count, with a range any other element gives for it.
        let all = texts(value).prefix(10).compactMap(KitchenYieldReader.range(inYield:))
        guard var first = all.first else { return nil }
        if first.upTo == nil { first.upTo = all.first { $0.count == first.count && $0.upTo != nil }?.upTo }
        return first
    }

    /// The first number in a text: "240 kcal" → 240, "Serves 4" → 4, "12.5 g" → 12.5.
    static func leadingNumber(_ text: String) -> Double? {
        var digits = ""
        var started = false
        for character in text {
            if character.isASCII && (character.isNumber || (started && (character == "." || character == ","))) {
                digits.append(character == "," ? "." : character)
                started = true
            } else if started {
                break
            }
        }
        while digits.hasSuffix(".") { digits.removeLast() }
        return Double(digits)
    }

    /// ISO 8601 `PT1H15M` (or `P0DT1H15M`) → "1 h 15 min"; other text kept when it names a duration.
    static func displayDuration(_ text: String) -> String? {
        let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
        if upper.hasPrefix("P") {
            var seconds = 0.0
            var number = ""
            var inTime = false
            for character in upper.dropFirst() {
                if character == "T" { inTime = true; continue }
                if character.isNumber || character == "." { number.append(character); continue }
                let value = Double(number) ?? 0
                number = ""
                switch character {
                case "D": seconds += value * 86_400
                case "H": seconds += value * 3600
                case "M": seconds += inTime ? value * 60 : value * 30 * 86_400
                case "S": seconds += value
                default: break
                }
            }
            // "PT9999999999999999999H" is no cooking time (and no Int): left out.
            guard seconds.isFinite, seconds > 0, seconds <= maximumDurationSeconds else { return nil }
            return KitchenDuration.text(Int(seconds.rounded()))
        }
        guard KitchenDuration.seconds(in: text) != nil else { return nil }
        // "Tillagningstid 30 min", "Cook time: 25 minutes": a label before the number is not the time.
        if let digit = text.firstIndex(where: \.isNumber), digit != text.startIndex {
            let label = text[..<digit].trimmingCharacters(in: .whitespaces).lowercased()
            let words = label.split(whereSeparator: { $0.isWhitespace || $0 == ":" })
            let estimates: Set<String> = ["about", "approx", "approx.", "around", "ca.", "ca", "circa", "etwa", "environ", "ungefär", "up", "to", "under", "over", "less", "than", "more", "just"]
            if !words.isEmpty, words.count <= 3, !words.contains(where: { estimates.contains(String($0)) }) {
                let rest = String(text[digit...])
                if KitchenDuration.seconds(in: rest) != nil { return rest }
            }
        }
        return text
    }

    /// Words of a nutrition's `servingSize` that say it is the whole dish's.
    static let wholeDishWords: Set<String> = ["recipe", "whole", "total", "entire", "batch", "all", "gesamt", "gesamtes", "rezept", "totale", "entière", "entero", "receita", "recept", "hele"]

    /// The longest prep or cook time read: 30 days (a long ferment); a longer one is a mistake.
    static let maximumDurationSeconds = 30.0 * 86_400
    /// The most a serving may plausibly hold: a whole cake's worth.
    static let maximumCaloriesPerServing = 10_000.0
    static let maximumGramsPerServing = 1_000.0

    /// "PT45S": a duration of seconds only, which recipe sites publish by mistake for minutes.
    static func isSecondsOnly(_ text: String) -> Bool {
        let upper = text.uppercased()
        return upper.hasPrefix("PT") && upper.hasSuffix("S") && !upper.contains("M") && !upper.contains("H")
    }

    static func imageURL(_ value: Any?) -> String? {
        switch value {
        case let text as String: return KitchenValidator.isWebURL(text) ? text : nil
        case let list as [Any]: return list.lazy.compactMap { imageURL($0) }.first
        case let object as [String: Any]: return imageURL(object["url"] ?? object["contentUrl"] ?? object["@id"])
        default: return nil
        }
    }
}
