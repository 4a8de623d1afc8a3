import BrewData
import BrewKit
import Foundation

/// Turns what clipping read into a kitchen recipe file: a new id from the title (made safe,
/// `-2`, `-3` … on a clash), the ingredient lines split into amount, name and notes (together
/// they say what the page said), nutrition per serving × servings, the platform from the URL's
/// host; encoded as every kitchen recipe is (`KitchenRecordEncoder`) and checked as `check` would
/// before it is written, atomically, to `kitchen/recipes/<id>.json`.
public enum KitchenClipWriter {
    public struct Draft: Sendable {
        public var id: String
        public var path: String
        public var bytes: [UInt8]
        public var warnings: [Diagnostic]
        /// What the page gave that was cut or left out to make a recipe that passes `check`.
        public var repairs: [String] = []
        /// The ingredients and steps written.
        public var ingredientCount = 0
        public var stepCount = 0
        /// What the recipe assumes about its servings, when the page gave none or a range.
        public var servingsNote: String?
        /// Choices made between the page's structured data and what it shows (`--verbose`).
        public var choices: [String] = []
    }

    /// The file a clipped recipe would be, or the `check` errors that stop it. Fields beyond a
    /// recipe's bounds are mended first (`ClippedRecipe.repaired()`), each named in `repairs`.
    /// `thumbnail`, when given, is the photo saved in the data directory (`KitchenPhotoFiles`), in
    /// place of the page's link to it.
    public static func draft(_ page: ClippedRecipe, root: String, category: KitchenCategory?, takenIDs: Set<String>, now: Date = Date(), shell: Bool = false,
                             thumbnail: String? = nil) throws(CommandError) -> Draft {
        var clipped = page.repaired()
        let title = (clipped.title?.nilIfEmpty ?? clipped.sourceUrl.flatMap { URL(string: $0)?.host } ?? "Clipped recipe")
        let id = try uniqueID(for: title, taken: takenIDs, root: root)
        let servings = shell ? 1 : (clipped.servings ?? 1)
        var recipe = KitchenRecipe(id: id, title: String(title.prefix(KitchenRecipe.maximumTitleLength)), servings: servings,
                                   category: category ?? ClippedRecipe.category(from: clipped.category), createdAt: now, updatedAt: now)
        // A shell (`--keep-source`, an inbox page that could not be read) gives no servings:
        // its 1 is a stand-in, so the page says so rather than "Serves: 1".
        recipe.servingsGiven = !shell && clipped.servings != nil
        if !shell {
            recipe.servingsUpTo = clipped.servings == nil ? nil : clipped.servingsUpTo.flatMap { $0 > servings && $0 <= 10_000 ? $0 : nil }
        }
        if let image = clipped.image, KitchenValidator.isWebURL(image) { recipe.thumbnail = image }
        if let thumbnail { recipe.thumbnail = thumbnail }
        if let url = clipped.sourceUrl, KitchenValidator.isWebURL(url) {
            recipe.sourceUrl = url
            recipe.sourcePlatform = platform(of: url)
        }
        recipe.caption = clipped.caption?.nilIfEmpty
        if !shell { recipe.notes = clipped.notes?.nilIfEmpty }
        if !shell {
            recipe.prepTime = clipped.prepTime
            recipe.cookTime = clipped.cookTime
            var groups = clipped.ingredientGroups[...]
            for (index, line) in clipped.ingredientLines.enumerated() {
                // Each group's name before its first line, as a group name (`isHeading`).
                while let group = groups.first, group.startsAt <= index {
                    let name = ClippedRecipe.cut(group.name, to: ClippedRecipe.maximumIngredientNameCharacters)
                    recipe.ingredients.append(.heading(id: "g\(clipped.ingredientGroups.count - groups.count + 1)", name: name))
                    groups = groups.dropFirst()
                }
                let parts = split(line)
                let (name, notes) = ClippedRecipe.fitted(name: parts.name, notes: parts.notes)
                recipe.ingredients.append(KitchenIngredient(id: "i\(index + 1)", name: name, amount: parts.amount, notes: notes))
            }
            recipe.steps = clipped.steps.enumerated().map { index, text in
                KitchenStep(id: "s\(index + 1)", order: index + 1, text: text, isHeading: clipped.sectionHeadings.contains(text))
            }
        }
        // A page that gives the whole dish's figures as a serving's (more than `wholeDishCalories`
        // a serving, for several): the figures are the dish's, not multiplied.
        var multiplier = servings
        if let perServing = clipped.nutritionPerServing, servings > 1 {
            if clipped.nutritionIsForWholeDish {
                multiplier = 1
                clipped.warnings.append("the page gives its nutrition for the whole dish; kept as the recipe's, not multiplied by \(servings) servings")
            } else if let calories = perServing.calories, calories > wholeDishCalories {
                multiplier = 1
                clipped.warnings.append("the page's \(Format.number(calories, decimals: 0)) kcal a serving is more than \(Format.number(wholeDishCalories, decimals: 0)) a serving and reads as the whole dish's; kept as the recipe's, not multiplied by \(servings) servings")
            }
        }
        if let perServing = clipped.nutritionPerServing,
           perServing.figures.contains(where: { ($0.value ?? 0) * Double(multiplier) > FieldBounds.other.maximum }) {
            let calories = perServing.calories.map { Format.number($0, decimals: 1) } ?? "—"; let servings = multiplier
            clipped.warnings.append("the nutrition a serving (\(calories) kcal) × \(servings) servings is more than a recipe may hold; left out")
            clipped.nutritionPerServing = nil
        }
        // Each figure as given × servings, rounded once; a figure not given stays unknown.
        if !shell, let perServing = clipped.nutritionPerServing {
            recipe.nutrition = perServing.wholeRecipe(servings: multiplier)
            if let note = perServing.missingNote { clipped.warnings.append(note) }
        }
        // What the reader is not sure of, said with what it kept (issue 50).
        if !shell {
            let ingredients = recipe.ingredients.count(where: { !$0.isHeading }), steps = recipe.steps.count(where: { !$0.isHeading })
            if ingredients == 0, steps == 0 {
                clipped.warnings.append("the page shows no ingredients and no steps; kept only the title\(recipe.caption == nil ? "" : " and the description"): check the page or fill them in by hand")
            } else if ingredients == 0 {
                clipped.warnings.append("the page shows no ingredients that could be read; kept its \(Format.count(steps, "step")) only: check the page")
            } else if steps == 0 {
                clipped.warnings.append("the page shows no steps that could be read; kept its \(Format.count(ingredients, "ingredient")) only: check the page")
            }
        }
        let path = ((root as NSString).appendingPathComponent(RecordKind.kitchenRecipes.folderName) as NSString).appendingPathComponent(id + ".json")
        let bytes = FileContent.json(KitchenRecordEncoder.json(recipe)).bytesOrEmpty
        let parsed = RecordFileParser.parse(bytes, path: path, kind: .kitchenRecipes)
        var diagnostics = parsed.diagnostics
        diagnostics += KitchenValidator().diagnostics(for: parsed.kitchen.locatedRecipes)
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw CommandError(errors.map(\.description).joined(separator: "\n") + "\nthe clipped recipe would not pass check; nothing was written") }
        return Draft(id: id, path: path, bytes: bytes, warnings: diagnostics.filter { $0.severity == .warning }, repairs: shell ? [] : clipped.warnings,
                     ingredientCount: recipe.ingredients.count(where: { !$0.isHeading }), stepCount: recipe.steps.count,
                     servingsNote: shell ? nil : recipe.servingsAssumption, choices: shell ? [] : clipped.choices)
    }

    /// More calories than a serving of a meal holds (a day's worth): figures above it, given for
    /// several servings, are the whole dish's.
    static let wholeDishCalories = 2_500.0

    /// Writes a draft atomically, never over an existing file.
    public static func write(_ draft: Draft) throws(CommandError) {
        if FileManager.default.fileExists(atPath: draft.path) { throw CommandError("\(draft.path) already exists; nothing was written") }
        do {
            try FileManager.default.createDirectory(atPath: (draft.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot make the folder for \(draft.path): \(error)")
        }
        do { try AtomicFile.write(draft.bytes, to: draft.path) } catch { throw CommandError("\(error.description); nothing was written") }
    }

    /// An ingredient line split: the amount is the longest start the amount grammar reads, the
    /// name runs to the first comma or parenthesis after it (the head of the phrase:
    /// `IngredientPhrase`), the notes are the rest.
    ///
    /// Three shapes are read around the grammar: "About 3 cups flour" (a word of estimate first:
    /// the amount "3 cups", scaled, and "about" in the notes); "100g/3½oz butter" (a second unit
    /// after a slash: the name "butter", "3½oz" first in the notes); a price in parentheses
    /// ("($6.99)", "(€2,50)") is left out of the notes.
    public static func split(_ line: String) -> (amount: String, name: String, notes: String?) {
        var (amount, rest) = AmountGrammar.splitLine(line)
        var extra: [String] = []
        if amount.isEmpty, let (word, after) = estimate(line) {
            let inner = AmountGrammar.splitLine(after)
            if !inner.amount.isEmpty { (amount, rest) = inner; extra.append(word) }
        }
        // "Flour 200 g", "Mehl – 250 g", "Butter: 2 tbsp": an amount with a unit after the name.
        if amount.isEmpty, let (name, after) = trailingAmount(line) { (amount, rest) = (after, name) }
        // "1 ½ c plus 3 tbsp flour", "1 lb plus 6 oz spaghetti": the added amount is a note.
        if !amount.isEmpty, rest.lowercased().hasPrefix("plus ") {
            let added = AmountGrammar.splitLine(String(rest.dropFirst(5)))
            if AmountGrammar.hasUnitWord(added.amount), !added.rest.isEmpty { rest = added.rest; extra.append("plus " + added.amount) }
        }
        if !amount.isEmpty, rest.hasPrefix("/") {
            var other = AmountGrammar.splitLine(String(rest.dropFirst()))
            // "2½cm/1in piece ginger": "in" written against its number is inches.
            if !other.amount.isEmpty, !AmountGrammar.hasUnitWord(other.amount), rest.dropFirst().hasPrefix(other.amount + "in ") {
                other = (other.amount + "in", String(other.rest.dropFirst(3)))
            }
            // "750ml/1pint 6fl oz cream": a second measure of the same alternative.
            if !other.amount.isEmpty, case .measure = AmountGrammar.parse(other.amount).quantity?.unit {
                let more = AmountGrammar.splitLine(other.rest)
                if case .measure = AmountGrammar.parse(more.amount).quantity?.unit, !more.rest.isEmpty { other = (other.amount + " " + more.amount, more.rest) }
            }
            if !other.amount.isEmpty, !other.rest.isEmpty { rest = other.rest; extra.append(other.amount) }
        }
        // "200 gms (1 cup of white sugar)": all of the rest in parentheses, opening with a second
        // measure of the same thing. That measure is a note and the words after it are the name,
        // not the bracketed whole.
        if !amount.isEmpty, rest.hasPrefix("("), rest.hasSuffix(")"), rest.dropFirst().firstIndex(of: ")") == rest.index(before: rest.endIndex) {
            let inner = AmountGrammar.splitLine(String(rest.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces))
            var name = inner.rest
            if name.lowercased().hasPrefix("of ") { name = String(name.dropFirst(3)) }
            if !inner.amount.isEmpty, !name.trimmingCharacters(in: .whitespaces).isEmpty { rest = name; extra.append(inner.amount) }
        }
        // "1 heaped tsp", "2 large cans": the size word is a note, the amount "1 tsp", "2 cans".
        if !amount.isEmpty, let (bare, size) = withoutSizeWord(amount) { amount = bare; extra.append(size) }
        // "1 tsp (heaped) salt": a size word in parentheses after the amount is a note too.
        if !amount.isEmpty, rest.hasPrefix("("), let close = rest.firstIndex(of: ")"),
           AmountGrammar.sizeWords.contains(rest[rest.index(after: rest.startIndex)..<close].lowercased()) {
            extra.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = String(rest[rest.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        }
        // "400 g can chopped tomatoes", "500 g block of puff pastry", "3 cm piece of ginger": after
        // an amount with a unit, the container is a note, and a participle after it is part of the
        // product.
        let quantity = AmountGrammar.parse(amount).quantity
        var keepingParticiples = isContainer(quantity)
        if let quantity, quantity.unit != .none, let first = rest.split(separator: " ", maxSplits: 1).first,
           IngredientPhrase.containerWords.contains(AmountGrammar.singular(of: first.lowercased())), rest.count > first.count + 1 {
            extra.append(String(first))
            rest = String(rest.dropFirst(first.count + 1))
            if rest.lowercased().hasPrefix("of ") { rest = String(rest.dropFirst(3)) }
            keepingParticiples = true
        }
        // "skinless, boneless chicken breast halves", "finely chopped parsley": the thing to buy is
        // the head of the phrase; the words that prepare it go to the notes.
        let phrase = IngredientPhrase.split(rest, keepingParticiples: keepingParticiples)
        if !phrase.name.isEmpty, !phrase.preparation.isEmpty {
            rest = phrase.name
            extra += phrase.preparation
        }
        // "1 large onion": a size word opening the name, with no unit, is a note too ("4 medium
        // sized onions" with its "sized").
        if !amount.isEmpty, let first = rest.split(separator: " ", maxSplits: 1).first, rest.contains(" "),
           AmountGrammar.sizeWords.contains(first.lowercased()), !AmountGrammar.hasUnitWord(amount) {
            extra.append(String(first))
            rest = String(rest.dropFirst(first.count)).trimmingCharacters(in: .whitespaces)
            if rest.lowercased().hasPrefix("sized "), rest.count > 6 { rest = String(rest.dropFirst(6)) }
        }
        var name = rest, notes = ""
        if let cut = rest.firstIndex(where: { $0 == "," || $0 == "(" }) {
            name = rest[..<cut].trimmingCharacters(in: .whitespaces)
            notes = String(rest[cut...])
            if notes.hasPrefix(",") { notes = String(notes.dropFirst()) }
            notes = withoutPrices(notes).trimmingCharacters(in: .whitespaces)
            if name.isEmpty { name = rest; notes = "" }
        }
        // "oil for frying", "sugar to glaze": what the ingredient is for is a note.
        if let (bare, purpose) = IngredientPhrase.withoutPurpose(name) {
            name = bare
            notes = notes.isEmpty ? purpose : purpose + ", " + notes
        }
        // "3 garlic cloves": the part counted after the name is the unit ("3 cloves" of "garlic").
        if let (counted, bare) = IngredientPhrase.countedAfterName(amount: amount, name: name) { (amount, name) = (counted, bare) }
        if name.isEmpty { name = line }
        let allNotes = (extra + [notes]).filter { !$0.isEmpty }.joined(separator: ", ")
        return (amount, name, allNotes.nilIfEmpty)
    }

    /// Whether a quantity counts containers ("1 tin", "2 cans", "1 x 400 g jar").
    static func isContainer(_ quantity: KitchenQuantity?) -> Bool {
        guard case .counted(let word) = quantity?.unit else { return false }
        return ["can", "tin", "jar", "carton", "bottle", "packet", "package", "pack", "bag", "box", "tub", "pot"].contains(word)
    }

    /// An amount without the size word before its unit: "1 heaped tsp" → ("1 tsp", "heaped").
    static func withoutSizeWord(_ amount: String) -> (amount: String, size: String)? {
        let words = amount.split(separator: " ").map(String.init)
        guard words.count >= 3 else { return nil }
        for index in 1..<(words.count - 1) where AmountGrammar.sizeWords.contains(words[index].lowercased()) {
            var rest = words
            rest.remove(at: index)
            return (rest.joined(separator: " "), words[index])
        }
        return nil
    }

    /// A line's name and the measured amount at its end ("Flour 200 g" → ("Flour", "200 g")): the
    /// last one to three words, read whole by the grammar as a number with a unit of measure, after
    /// at least one word of name (a dash or colon between them dropped).
    static func trailingAmount(_ line: String) -> (name: String, amount: String)? {
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let tail = words.suffix(count).joined(separator: " ")
            guard let quantity = AmountGrammar.parse(tail).quantity, case .measure = quantity.unit else { continue }
            var name = words.dropLast(count).joined(separator: " ")
            while let last = name.last, "-–—:,".contains(last) || last == " " { name.removeLast() }
            guard !name.isEmpty, !KitchenPageReader.hasAmount(name) else { return nil }
            return (name, tail)
        }
        return nil
    }

    /// Words of estimate that may open a line before its amount.
    static let estimateWords = ["up to", "about", "approximately", "approx.", "approx", "around", "roughly", "circa", "ca.", "ca", "etwa", "environ", "ungefär", "ongeveer", "cerca de", "aproximadamente", "circa", "około", "asi", "kb.", "omkring", "yaklaşık"]

    /// "About 3 cups flour" → ("about", "3 cups flour").
    static func estimate(_ line: String) -> (word: String, rest: String)? {
        let lower = line.lowercased()
        for word in estimateWords where lower.hasPrefix(word + " ") {
            return (word, String(line.dropFirst(word.count + 1)))
        }
        // "~7 peppercorns".
        if line.hasPrefix("~"), line.dropFirst().first?.isNumber == true { return ("~", String(line.dropFirst())) }
        return nil
    }

    /// Notes without prices in parentheses: "divided ($0.56)" → "divided".
    static func withoutPrices(_ notes: String) -> String {
        guard notes.contains("(") else { return notes }
        let pattern = #"\s*\(\s*(?:[$£€¥]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?(?:€|kr|zł|kč|ft|tl|usd|eur))(?:\s*(?:each|ea\.?|per \w+))?\s*\)"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return notes }
        let range = NSRange(notes.startIndex..., in: notes)
        return expression.stringByReplacingMatches(in: notes, range: range, withTemplate: "")
    }

    /// What two addresses of one page share: the host without case or "www.", the path without a
    /// trailing "/", the query without tracking parameters (`utm_…`, `fbclid`, `gclid`), no
    /// fragment, either scheme. "https://www.example.com/soup/?utm_source=x#card" and
    /// "http://example.com/soup" are one page.
    public static func sourceKey(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased() else { return url }
        let bareHost = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        let query = (components.queryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !["fbclid", "gclid", "mc_cid", "mc_eid", "ref"].contains(name)
        }.map { "\($0.name)=\($0.value ?? "")" }.sorted().joined(separator: "&")
        return bareHost + (components.port.map { ":\($0)" } ?? "") + path + (query.isEmpty ? "" : "?" + query)
    }

    /// `instagram`, `tiktok` or `youtube` by the URL's host, else `web`.
    public static func platform(of url: String) -> KitchenSourcePlatform {
        let host = URL(string: url)?.host?.lowercased() ?? ""
        if host == "instagram.com" || host.hasSuffix(".instagram.com") || host == "instagr.am" { return .instagram }
        if host == "tiktok.com" || host.hasSuffix(".tiktok.com") { return .tiktok }
        if host == "youtube.com" || host.hasSuffix(".youtube.com") || host == "youtu.be" { return .youtube }
        return .web
    }

    /// A safe id from a title: ASCII letters and digits, other runs as `-`, at most 60
    /// characters, `-2`, `-3` … when taken (by a recipe or a file) or erased (`FreshRecordID`: a
    /// recipe clipped again after an erase gets an id of its own).
    public static func uniqueID(for title: String, taken: Set<String>, root: String) throws(CommandError) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(60))
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty || RecordID.problem(with: slug) != nil { slug = "clipped-recipe" }
        let folder = (root as NSString).appendingPathComponent(RecordKind.kitchenRecipes.folderName)
        return try FreshRecordID(kind: .kitchenRecipe, takenIDs: taken, root: root).make(base: slug, isFreeElsewhere: {
            !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0 + ".json"))
        })
    }
}

extension FileContent {
    /// JSON bytes; a CSV that cannot be written gives none (never the case for clipped JSON).
    var bytesOrEmpty: [UInt8] { (try? bytes()) ?? [] }
}
