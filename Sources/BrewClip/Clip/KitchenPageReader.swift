import BrewKit
import Foundation

/// Reads a recipe out of a saved web page, in this order (docs/KITCHEN.md, "Clipping"):
/// 1. schema.org `Recipe` JSON-LD in the shapes real sites publish (`KitchenPageReader+JSONLD`);
///    of several, the richest, the others filling its gaps;
/// 2. microdata or RDFa (`KitchenMicrodataReader`), for what JSON-LD lacks;
/// 3. the page's visible HTML (`KitchenHTMLRecipeReader` over `HTMLDocument`), for ingredients
///    or steps still missing, times and servings written only as text, ingredient lines that a
///    plugin flattened into one string, and amounts that a JSON-LD left out;
/// 4. with no recipe at all, the OpenGraph title, image and description, and the page's text as
///    the caption.
public enum KitchenPageReader {
    public static func read(html: String, url: String? = nil) -> ClippedRecipe {
        var clipped = ClippedRecipe()
        clipped.sourceUrl = url
        let document = HTMLDocument(html: html)
        let recipes = jsonLDRecipes(in: document)
        /// The JSON-LD put several ingredient lines in one string: a plugin's flattened list, which
        /// may have lost group names' places or numbers ("1.5 tsp" cut as a list number).
        var ingredientsFlattened = false
        /// The JSON-LD names no prep or cook time, or only seconds ("PT45S" for 45 minutes).
        var timesDoubtful = true
        // A page may carry a stub (an SEO plugin's name and image) beside the full recipe: the richest wins,
        // the others fill only what it lacks.
        if let best = mainRecipe(recipes, in: document) {
            let recipe = recipes[best]
            apply(recipe, to: &clipped)
            ingredientsFlattened = texts(recipe["recipeIngredient"] ?? recipe["ingredients"]).contains { lines($0).count > 1 }
            let times = (texts(recipe["prepTime"]) + texts(recipe["cookTime"])).filter { displayDuration($0) != nil }
            timesDoubtful = times.isEmpty || times.allSatisfy(isSecondsOnly)
            // Other recipes fill gaps only when they are stubs of the same dish (no lines of their
            // own or the same name); a side recipe's steps are never the dish's.
            var sides: [String] = []
            for (index, other) in recipes.enumerated() where index != best {
                var extra = ClippedRecipe()
                apply(other, to: &extra)
                let sameDish = extra.title.map(folded) == clipped.title.map(folded) || !extra.hasRecipe
                if sameDish { clipped.fillGaps(from: extra) } else { sides.append(extra.title ?? "untitled") }
            }
            if !sides.isEmpty {
                clipped.warnings.append("the page holds \(sides.count + 1) recipes; kept \"\(clipped.title ?? "untitled")\", the one the page's title, heading and order name, and left out \(Format.list(sides.map { "\"\($0)\"" }))")
            }
            clipped.readFrom.append("JSON-LD")
        }
        if clipped.ingredientLines.isEmpty || clipped.steps.isEmpty || clipped.title == nil {
            let before = clipped
            let items = KitchenMicrodataReader.recipes(in: document)
            if let best = richest(items) {
                var microdata = ClippedRecipe()
                apply(items[best], to: &microdata)
                clipped.fillGaps(from: microdata)
                let times = (texts(items[best]["prepTime"]) + texts(items[best]["cookTime"])).filter { displayDuration($0) != nil }
                if timesDoubtful, !times.isEmpty, !times.allSatisfy(isSecondsOnly) {
                    clipped.prepTime = microdata.prepTime
                    clipped.cookTime = microdata.cookTime
                    timesDoubtful = false
                }
            }
            if clipped != before { clipped.readFrom.append("microdata") }
        }
        if ingredientsFlattened {
            // Lines that the page shows as headings are group names, not ingredients.
            let headings = Set(document.elements(HTMLDocument.headings).map { KitchenHTMLRecipeReader.sectionName(document.text($0, maximumCharacters: 200)) })
            clipped.ingredientLines.removeAll { headings.contains(KitchenHTMLRecipeReader.sectionName($0)) }
        }
        let before = clipped
        let page = KitchenHTMLRecipeReader(document)
        let structured = clipped.ingredientLines
        let mayBeGlued = structured.count < 3 || structured.contains { $0.count > 120 }
        let needsPageIngredients = structured.isEmpty || ingredientsFlattened || mayBeGlued || structured.contains { !hasAmount($0) }
        let pageIngredients = needsPageIngredients ? page.ingredientLines() : []
        if structured.isEmpty || (ingredientsFlattened && pageIngredients.count == structured.count) {
            clipped.ingredientLines = pageIngredients
        } else if isPlaceholder(structured, shown: pageIngredients) {
            clipped.ingredientLines = pageIngredients
            clipped.ingredientGroups = []
            clipped.choices.append("the structured data's ingredients (\(structured.map { "\"\($0)\"" }.joined(separator: ", "))) are a placeholder; took the page's \(pageIngredients.count) lines")
        } else if isGlued(structured, shown: pageIngredients) {
            clipped.ingredientLines = pageIngredients
            clipped.choices.append("the structured data glues \(pageIngredients.count) ingredients into \(Format.count(structured.count, "line")); took the page's \(pageIngredients.count) lines")
        }
        let withAmounts = fuller(clipped.ingredientLines, shown: pageIngredients)
        if withAmounts != clipped.ingredientLines {
            let taken = zip(withAmounts, clipped.ingredientLines).filter { $0 != $1 }.count
            clipped.choices.append("the structured data names \(Format.count(taken, "ingredient")) without the amount the page shows; took the page's line for \(taken == 1 ? "it" : "them")")
            clipped.ingredientLines = withAmounts
        }
        if !structured.isEmpty {
            // A note the page shows after a structured line that lost it ("2¼ cups rice" shown as
            // "2¼ cups rice (3 rice cooker cups, 540 ml; …)", a plugin dropping a note it could not print).
            let shown = pageIngredients.isEmpty ? page.ingredientLines() : pageIngredients
            let withNotes = withShownNotes(clipped.ingredientLines, shown: shown)
            if withNotes != clipped.ingredientLines {
                let taken = zip(withNotes, clipped.ingredientLines).filter { $0 != $1 }.count
                clipped.choices.append("the structured data gives \(Format.count(taken, "ingredient")) without the note the page shows; took the page's line for \(taken == 1 ? "it" : "them")")
                clipped.ingredientLines = withNotes
            }
        }
        if clipped.ingredientGroups.isEmpty, !clipped.ingredientLines.isEmpty {
            // The page's group names, where its list has as many lines as the one read.
            let groups = page.ingredientGroups()
            let shown = pageIngredients.isEmpty && !groups.isEmpty ? page.ingredientLines() : pageIngredients
            if !groups.isEmpty, shown.count == clipped.ingredientLines.count {
                clipped.ingredientGroups = groups
                if !structured.isEmpty { clipped.choices.append("took the page's \(Format.count(groups.count, "ingredient group")) (\(groups.map { "\"\($0.name)\"" }.joined(separator: ", "))), which the structured data leaves out") }
            }
        }
        if clipped.steps.isEmpty {
            clipped.steps = page.steps()
        } else if stepsRepeatDescription(clipped.steps, description: clipped.caption) {
            let shown = page.steps()
            if !shown.isEmpty, folded(shown.joined(separator: " ")) != folded(clipped.steps.joined(separator: " ")) {
                clipped.choices.append("the structured data's steps repeat its description; took the \(Format.count(shown.count, "step")) the page shows")
                clipped.steps = shown
                clipped.sectionHeadings = []
            }
        }
        if clipped.ingredientLines.isEmpty, !clipped.steps.isEmpty {
            clipped.ingredientLines = page.unlabelledIngredientLines(steps: clipped.steps)
        }
        if clipped.hasRecipe, timesDoubtful || clipped.servings == nil {
            let lines = page.bodyLines()
            if timesDoubtful {
                let times = page.times(in: lines)
                if times.prep != nil || times.cook != nil { (clipped.prepTime, clipped.cookTime) = times }
            }
            if clipped.servings == nil, let yield = KitchenHTMLRecipeReader.servings(in: lines) {
                (clipped.servings, clipped.servingsUpTo) = (yield.count, yield.upTo)
            }
        }
        // The recipe card's notes block ("Notes", "Tips"), which structured data does not carry.
        if clipped.hasRecipe, clipped.notes == nil { clipped.notes = page.notes() }
        if clipped != before { clipped.readFrom.append("HTML") }
        let meta = metaTags(document)
        let siteName = meta["og:site_name"] ?? meta["application-name"]
        let titleFromData = clipped.title != nil
        if clipped.title == nil, clipped.hasRecipe { clipped.title = ownHeading(document) }
        if clipped.title == nil { clipped.title = (meta["og:title"] ?? pageTitle(document)).map { withoutSiteName($0, siteName: siteName, anySegment: true) } }
        clipped.title = clipped.title.map { withoutSiteName($0, siteName: siteName, anySegment: false) }
        if let title = clipped.title {
            var names = recipes.flatMap { texts($0["name"]) }.map(cleanLine) + [ownHeading(document)].compactMap { $0 }
            names += document.elements(["h1"]).map { document.text($0, maximumCharacters: 400) }
            names += [meta["og:title"], pageTitle(document)].compactMap { $0 }.map { withoutSiteName($0, siteName: siteName, anySegment: true) }
            let plain = plainTitle(title, names: names, fromStructuredData: titleFromData)
            if plain != title {
                clipped.choices.append("the title \"\(title)\" read as \"\(plain)\"")
                clipped.title = plain
            }
        }
        if clipped.image == nil { clipped.image = meta["og:image"] }
        if clipped.sourceUrl == nil { clipped.sourceUrl = meta["og:url"] ?? canonicalURL(document) }
        if !clipped.hasRecipe {
            if meta["og:title"] != nil { clipped.readFrom.append("OpenGraph") }
            // The caption keeps the first 20,000 characters of the page's visible text.
            let text = document.text(document.first("body") ?? 0, keepLines: true, maximumCharacters: 20_000)
            let description = meta["og:description"] ?? meta["description"]
            let caption = [description, String(text.prefix(20_000))].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
            if !caption.isEmpty { clipped.caption = caption }
        }
        // A title over 200 characters is cut at a word when the recipe is written (`repaired()`).
        clipped.title = clipped.title.map { HTMLText.collapse(String($0.prefix(10_000))) }
        return clipped
    }

    // MARK: Choosing the recipe

    /// The page's main recipe among its structured recipes: the one whose name the page's `h1`,
    /// its `<title>` or `og:title` give (most of these agreeing); among equals, a recipe with lines
    /// before a stub without, then the first in the page. Never chosen for having most lines:
    /// a page's side recipe (a sauce, a dressing) often has more.
    static func mainRecipe(_ recipes: [[String: Any]], in document: HTMLDocument) -> Int? {
        guard recipes.count > 1 else { return recipes.isEmpty ? nil : 0 }
        let meta = metaTags(document)
        let headings = document.elements(["h1"]).prefix(5).map { folded(document.text($0, maximumCharacters: 400)) }
        let titles = [meta["og:title"], pageTitle(document)].compactMap { $0 }.map(folded)
        func agreement(_ recipe: [String: Any]) -> Int {
            guard let name = texts(recipe["name"]).first.map({ folded(cleanLine($0)) }), name.count >= 3 else { return 0 }
            let inHeading = headings.contains { $0 == name || ($0.contains(name) && name.count * 2 >= $0.count) } ? 2 : 0
            let inTitle = titles.contains { $0.hasPrefix(name) || ($0.contains(name) && name.count * 2 >= $0.count) } ? 1 : 0
            return inHeading + inTitle
        }
        let scores = recipes.map { (agreement($0), richness($0) > 0 ? 1 : 0) }
        return scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }
    }

    // MARK: Merging with the page

    /// Letters and digits only, lower-cased: what two readings of one text share.
    static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    }

    /// Whether the structured data's ingredient lines are the page's lines run together: fewer
    /// lines with the same letters and digits in the same order ("1 su bardağı mercimek 1 adet
    /// soğan …" as one string beside a list of six).
    static func isGlued(_ lines: [String], shown: [String]) -> Bool {
        guard shown.count > lines.count, !lines.isEmpty else { return false }
        let own = folded(lines.joined(separator: " "))
        return !own.isEmpty && own == folded(shown.joined(separator: " "))
    }

    /// Whether the structured data's ingredients are a placeholder beside the page's real list:
    /// one or two lines, each a single word with no amount ("Ingredients", "chicken"), where the
    /// page shows at least three lines.
    static func isPlaceholder(_ lines: [String], shown: [String]) -> Bool {
        guard !lines.isEmpty, lines.count <= 2, shown.count >= 3 else { return false }
        return lines.allSatisfy { !hasAmount($0) && !$0.trimmingCharacters(in: .whitespaces).contains(" ") }
    }

    /// Whether the steps only repeat the recipe's description: all of them together are the
    /// description, or one step is all or most of it.
    static func stepsRepeatDescription(_ steps: [String], description: String?) -> Bool {
        guard let description, !description.isEmpty, steps.count <= 2 else { return false }
        let said = folded(description), done = folded(steps.joined(separator: " "))
        guard !said.isEmpty, !done.isEmpty else { return false }
        return said == done || (steps.count == 1 && said.contains(done) && done.count * 2 > said.count)
    }

    /// Whether a line holds a digit or a fraction anywhere.
    static func hasAmount(_ line: String) -> Bool { line.unicodeScalars.contains { $0.properties.numericType != nil } }

    /// Each line as the JSON-LD gives it, unless the JSON-LD names an ingredient with no amount
    /// (no digit and no fraction at all) and the page, listing as many lines, shows the same words
    /// after an amount ("Sonnenblumenöl" shown as "20 g Sonnenblumenöl"): then the page's line,
    /// for an amount is what scaling needs. Other differences (punctuation, notes) keep the
    /// JSON-LD's line.
    static func fuller(_ lines: [String], shown: [String]) -> [String] {
        guard lines.count == shown.count else { return lines }
        func words(_ line: String) -> String {
            String(String.UnicodeScalarView(line.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
        }
        return zip(lines, shown).map { line, page in
            let own = words(line), more = words(page)
            let startsWithAmount = page.unicodeScalars.first.map { $0.properties.numericType != nil } ?? false
            return !own.isEmpty && !hasAmount(line) && startsWithAmount && more.count > own.count && more.hasSuffix(own) ? page : line
        }
    }

    /// Each line as the JSON-LD gives it, unless the page, listing as many lines, shows the same
    /// line with a note after it that holds a number, in parentheses or after a comma ("2¼ cups
    /// rice" shown as "2¼ cups rice (3 rice cooker cups, 540 ml)"): then the page's line, for the
    /// note's measure is the cook's.
    /// Only a note added at the end: a line the page words otherwise keeps the JSON-LD's words.
    static func withShownNotes(_ lines: [String], shown: [String]) -> [String] {
        guard lines.count == shown.count else { return lines }
        return zip(lines, shown).map { line, page in
            let own = HTMLText.collapse(line), more = HTMLText.collapse(page)
            guard !own.isEmpty, more.count > own.count + 3, more.lowercased().hasPrefix(own.lowercased()) else { return line }
            let rest = more.dropFirst(own.count)
            let isNote = (rest.hasPrefix(" (") && rest.hasSuffix(")")) || rest.hasPrefix(", ")
            // Only a note that measures ("3 rice cooker cups, 540 ml"): a remark such as "(optional)"
            // is the page's wording, which the structured words keep as before.
            return isNote && hasAmount(String(rest)) ? more : line
        }
    }

    // MARK: Titles

    /// The recipe's own heading on the page: a recipe card's title (an element whose class names
    /// a recipe and its title or name, such as `wprm-recipe-name`, `tasty-recipes-title`,
    /// `recipe-card__title`), else the page's only `h1`.
    static func ownHeading(_ document: HTMLDocument) -> String? {
        let elements = document.descendants()
        for element in elements where !["script", "style", "meta", "img", "a", "button", "input"].contains(document.name(element)) {
            // Most elements name no recipe: passed over before their classes are split.
            guard let names = document.attribute("class", of: element), HTMLText.containsASCII(names, "recipe", ignoringCase: true) else { continue }
            let tokens = document.classes(element)
            guard tokens.contains(where: { $0.contains("recipe") && ($0.hasSuffix("title") || $0.hasSuffix("name")) && !$0.contains("ingredient") && !$0.contains("instruction") }) else { continue }
            let text = document.text(element, maximumCharacters: 400)
            if !text.isEmpty, text.count <= KitchenRecipe.maximumTitleLength { return text }
        }
        let headings = elements.filter { document.name($0) == "h1" && !KitchenHTMLRecipeReader.isHiddenOrUnread($0, in: document) }
        guard headings.count == 1 else { return nil }
        let text = document.text(headings[0], maximumCharacters: 400)
        return text.isEmpty || text.count > KitchenRecipe.maximumTitleLength ? nil : text
    }

    /// Words that say "recipe" in a title: "Lemon Cake Recipe", "Gulyásleves recept", "Pierogi - przepis".
    static let recipeWords: Set<String> = ["recipe", "recept", "przepis", "rezept", "receta", "recette", "ricetta", "receita", "oppskrift", "opskrift", "tarifi", "resepti", "recepte"]

    /// A recipe's own name out of a title that carries more, in this order:
    /// 1. a star rating in parentheses ("(4.8 stars)", "(4.7/5)", "(★★★★★)") is never part of a name;
    /// 2. when another name the page gives for the recipe (a structured `name`, its card's heading,
    ///    an `h1`, `og:title`, `<title>`) is the start of this one and the rest is a tagline after a
    ///    dash (or, for a title that no structured data gave, the word "Recipe"), that plainer name;
    /// 3. for a title that no structured data gave, with no plainer name: a tagline after a dash
    ///    that follows the word "Recipe" ("Lemon Cake Recipe - Moist and Easy" → "Lemon Cake Recipe").
    /// A structured name "X Recipe" keeps its word, and so does a title with no plainer name
    /// beside it: that may be how the recipe is named.
    static func plainTitle(_ title: String, names: [String], fromStructuredData: Bool) -> String {
        var result = withoutRating(title)
        let lower = result.lowercased()
        let plainer = names.map(withoutRating).map { HTMLText.collapse($0) }.filter { name in
            name.count >= 3 && name.count < result.count && lower.hasPrefix(name.lowercased())
                && isDecoration(String(result.dropFirst(name.count)), recipeWord: !fromStructuredData)
        }
        if let shortest = plainer.min(by: { $0.count < $1.count }) { return shortest }
        guard !fromStructuredData else { return result }
        for separator in [" - ", " – ", " — "] {
            guard let range = result.range(of: separator) else { continue }
            let head = result[..<range.lowerBound]
            if let last = head.split(separator: " ").last, recipeWords.contains(last.lowercased()) { result = String(head); break }
        }
        return result.isEmpty ? title : result
    }

    /// What may follow a recipe's name in a page's title: " - a tagline", and with `recipeWord`
    /// " Recipe", " recept …".
    static func isDecoration(_ rest: String, recipeWord: Bool) -> Bool {
        let trimmed = rest.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return false }
        if "-–—|".contains(first), rest.first == " " { return true }
        let word = trimmed.split(separator: " ").first.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) } ?? ""
        return recipeWord && recipeWords.contains(word)
    }

    /// A title without a star rating in parentheses: "Pancakes (4.7/5)" → "Pancakes".
    static func withoutRating(_ title: String) -> String {
        var result = title
        var searchFrom = result.startIndex
        while let open = result[searchFrom...].firstIndex(of: "("), let close = result[open...].firstIndex(of: ")") {
            let inside = result[result.index(after: open)..<close].lowercased()
            let isRating = inside.contains("★") || inside.contains("☆")
                || (inside.contains(where: \.isNumber) && ["/5", "/ 5", "star", "out of", "rating", "review", "vote"].contains(where: inside.contains))
            if isRating {
                result.removeSubrange(open...close)
                result = HTMLText.collapse(result)
                searchFrom = result.startIndex
            } else {
                searchFrom = result.index(after: close)
            }
        }
        return result.isEmpty ? title : result
    }

    /// Separators between a page's title and its site's name: "Soup - Site", "Soup | Site".
    static let titleSeparators = [" | ", " - ", " – ", " — ", " · ", " :: ", " // ", " » "]

    /// A title without a trailing site-name segment: the segment that is the site's name
    /// (`og:site_name`) always; with `anySegment` (a title from `og:title` or `<title>`) also a
    /// last segment of at most five words ("Mango Guacamole - Rick Bayless", "PB&J Smoothie
    /// Recipe | Quaker Oats").
    static func withoutSiteName(_ title: String, siteName: String?, anySegment: Bool) -> String {
        var best: Range<String.Index>?
        for separator in titleSeparators {
            if let range = title.range(of: separator, options: .backwards), best == nil || range.lowerBound > best!.lowerBound { best = range }
        }
        guard let cut = best else { return title }
        let head = title[..<cut.lowerBound].trimmingCharacters(in: .whitespaces)
        let tail = title[cut.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !head.isEmpty else { return title }
        func folded(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }
        if let siteName, !folded(siteName).isEmpty, folded(tail) == folded(siteName) { return head }
        if anySegment, tail.split(separator: " ").count <= 5, head.count >= 3 { return head }
        return title
    }

    // MARK: Meta tags

    /// `<meta property|name=… content=…>` by property or name, lower-cased.
    static func metaTags(_ document: HTMLDocument) -> [String: String] {
        var meta: [String: String] = [:]
        for element in document.elements(["meta"]) {
            guard let key = document.attribute("property", of: element) ?? document.attribute("name", of: element),
                  let content = document.attribute("content", of: element) else { continue }
            if meta[key.lowercased()] == nil { meta[key.lowercased()] = HTMLText.collapse(content) }
        }
        return meta
    }

    static func pageTitle(_ document: HTMLDocument) -> String? {
        guard let title = document.first("title") else { return nil }
        return HTMLDocument.plainText(String(document.rawText(title).prefix(10_000))).nilIfEmpty
    }

    static func canonicalURL(_ document: HTMLDocument) -> String? {
        for element in document.elements(["link"]) where document.attribute("rel", of: element)?.lowercased() == "canonical" {
            if let href = document.attribute("href", of: element), KitchenValidator.isWebURL(href) { return href }
        }
        return nil
    }
}
