import BrewKit
import Foundation

/// The HTML fragments of the kitchen pages, each with its Markdown stand-in for the twin.
/// Every value from the data is escaped here (`HTMLEscaping`, `MarkdownEscaping`); links are
/// relative to the page, so the site works opened from disk.
enum KitchenHTML {
    static func h(_ text: String) -> String { HTMLEscaping.escape(text) }
    static func md(_ text: String) -> String { MarkdownEscaping.escape(text) }

    /// An ingredient's notes as they follow its name: ", finely chopped"; a note in brackets
    /// after a space, "(trimmed of excess fat)"; a comma the notes start with is not doubled.
    /// Empty for none (it was ", (trimmed of excess fat)").
    static func notesAfterName(_ notes: String?) -> String {
        guard var text = notes?.trimmingCharacters(in: .whitespacesAndNewlines) else { return "" }
        while let first = text.first, first == "," || first == ";" || first.isWhitespace { text.removeFirst() }
        if text.isEmpty { return "" }
        return text.first == "(" ? " " + text : ", " + text
    }

    /// "35 min" when both times read as durations, else the times as written, joined.
    static func totalTime(_ recipe: KitchenRecipe) -> String? {
        let times = [recipe.prepTime, recipe.cookTime].compactMap { $0 }
        if times.isEmpty { return nil }
        let seconds = times.map(KitchenDuration.seconds(in:))
        if seconds.allSatisfy({ $0 != nil }) { return KitchenDuration.text(seconds.compactMap { $0 }.reduce(0, +)) }
        return times.joined(separator: " + ")
    }

    /// The card's small line: total time, calories and protein per serving.
    static func cardMeta(_ recipe: KitchenRecipe) -> String {
        cardMetaParts(recipe).joined(separator: " · ")
    }

    static func cardMetaParts(_ recipe: KitchenRecipe) -> [String] {
        var parts: [String] = []
        if let time = totalTime(recipe) { parts.append(time) }
        if let perServing = recipe.nutritionPerServing {
            // A figure the recipe leaves out is not shown, never as 0 (issue 26).
            if let calories = perServing.known(.calories) { parts.append("\(calories) kcal") }
            if let protein = perServing.known(.protein) { parts.append("\(protein) g protein") }
        }
        return parts
    }

    // MARK: Lists

    static func chips(current: KitchenPages.List, archivedCount: Int) -> PageFragment {
        var html = "<nav class=\"kitchen-chips\" aria-label=\"Kitchen\">"
        var markdown: [String] = []
        for list in KitchenPages.List.filters {
            let file = String(list.path.dropFirst("kitchen/".count))
            let label = list == .archive ? "Archive (\(archivedCount))" : list.label
            html += "<a href=\"\(file).html\"\(list == current ? " aria-current=\"page\"" : "")>\(h(label))</a>"
            markdown.append("[\(md(label))](\(file).md)")
        }
        html += "</nav>"
        return PageFragment(html: html, markdown: markdown.joined(separator: " · "))
    }

    /// The index's two orders, A–Z (the index) and last cooked (its own page), each a link, the
    /// one shown marked `aria-current`: a choice of order that needs no script.
    static func order(current: KitchenPages.List) -> PageFragment {
        var html = "<nav class=\"kitchen-chips kitchen-order\" aria-label=\"Order of the recipes\"><span>Order:</span>"
        var markdown: [String] = []
        for (list, label) in [(KitchenPages.List.all, "A–Z"), (.lastCooked, "Last cooked")] {
            let file = String(list.path.dropFirst("kitchen/".count))
            html += "<a href=\"\(file).html\"\(list == current ? " aria-current=\"page\"" : "")>\(h(label))</a>"
            markdown.append("[\(md(label))](\(file).md)")
        }
        html += "</nav>"
        return PageFragment(html: html, markdown: "Order: " + markdown.joined(separator: " · "))
    }

    /// A list's search box (not on the archive) and its grid of cards, each card made once for
    /// the build (`KitchenCardMemo`) and placed in every list that shows it.
    static func grid(_ cards: [KitchenCardMemo.Card], showSearch: Bool) -> PageFragment {
        var html = ""
        if showSearch {
            html += "<div class=\"kitchen-search\" hidden><label for=\"kitchen-search\">Search</label> "
            html += "<input type=\"search\" id=\"kitchen-search\" placeholder=\"Title or ingredient\" autocomplete=\"off\">"
            html += "<output class=\"kitchen-count\" for=\"kitchen-search\" aria-live=\"polite\"></output>"
            html += "<p class=\"kitchen-nomatch\" hidden>No recipes match your search.</p></div>\n"
        }
        html.reserveCapacity(html.utf8.count + cards.reduce(0) { $0 + $1.html.utf8.count } + 32)
        html += "<ul class=\"kitchen-grid\">\n"
        for card in cards { html += card.html }
        html += "</ul>"
        return PageFragment(html: html, markdown: cards.map(\.markdown).joined(separator: "\n"))
    }

    /// One recipe's card on a list page (every list is one folder deep, so one card serves all):
    /// its picture or the title's first letter, the title with ♥ for a favourite, the category and
    /// `cardMeta`; and its line in the Markdown twin.
    /// - Parameter thumbnail: where the recipe's picture is from a list page, if it has one.
    static func card(_ recipe: KitchenRecipe, thumbnail: String?) -> KitchenCardMemo.Card {
        let metaParts = cardMetaParts(recipe)
        let meta = metaParts.joined(separator: " · ")
        // On the card each figure keeps its unit on its line ("550 kcal", not "550" then "kcal").
        let metaHTML = metaParts.map { TextReplacement.replacing(" ", with: "\u{00A0}", in: h($0)) }.joined(separator: " · ")
        var html = "<li class=\"kitchen-card\" data-id=\"\(h(recipe.id))\"><a href=\"recipes/\(h(recipe.id)).html\">"
        html += photo(recipe, thumbnail: thumbnail, className: "kitchen-thumb", lazy: true)
        html += "<span class=\"kitchen-card-title\">\(h(recipe.title))\(recipe.isFavourite ? " <span class=\"kitchen-fav\" title=\"Favourite\">♥</span>" : "")</span>"
        html += "<span class=\"kitchen-card-meta\">\(h(recipe.category.rawValue))\(metaHTML.isEmpty ? "" : " · " + metaHTML)</span>"
        html += "</a></li>\n"
        let markdown = "- [\(md(recipe.title))](recipes/\(recipe.id).md)\(recipe.isFavourite ? " ♥" : "") — \(md(recipe.category.rawValue))\(meta.isEmpty ? "" : " · " + md(meta))"
        return KitchenCardMemo.Card(html: html, markdown: markdown)
    }

    /// A recipe's picture in a frame of fixed proportions that shows the title's initials on the
    /// category's colour underneath: with no photo, or one that fails to load (the image removes
    /// itself), the frame stays the same size and never shows a broken image.
    static func photo(_ recipe: KitchenRecipe, thumbnail: String?, className: String, lazy: Bool) -> String {
        var html = "<span class=\"\(className) kitchen-thumb-\(recipe.category.slug)\" aria-hidden=\"true\">\(h(initials(of: recipe.title)))"
        if let thumbnail {
            html += "<img src=\"\(h(thumbnail))\" alt=\"\"\(lazy ? " loading=\"lazy\"" : "") onerror=\"this.remove()\">"
        }
        return html + "</span>"
    }

    /// The first letters of a title's first two words, upper-cased ("Tomato soup" → "TS").
    static func initials(of title: String) -> String {
        let words = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }

    /// The inbox (MOD/SYS/003.1, TC-027): each shared link or caption with its status.
    static func inbox(_ entries: [KitchenInboxEntry], recipeIDs: Set<String>) -> PageFragment {
        guard !entries.isEmpty else { return PageFragment(html: "", markdown: "") }
        let pending = entries.filter { $0.status == .pending }.count
        var html = "<section class=\"kitchen-inbox\"><h2>Inbox</h2><p>\(entries.count) shared, \(pending) waiting: <code>brewguide kitchen clip --inbox</code> clips them.</p><ul>"
        var markdown = "## Inbox\n\n\(entries.count) shared, \(pending) waiting: `brewguide kitchen clip --inbox` clips them.\n\n"
        for entry in entries {
            let shown = String(entry.content.split(whereSeparator: \.isNewline).first ?? "").prefix(80)
            var line = "<li><span class=\"inbox-status inbox-\(entry.status.rawValue)\">\(entry.status.rawValue)</span> \(h(String(shown)))"
            var lineMarkdown = "- **\(entry.status.rawValue)** \(md(String(shown)))"
            if let recipe = entry.recipeId, recipeIDs.contains(recipe) {
                line += " → <a href=\"recipes/\(h(recipe)).html\">\(h(recipe))</a>"
                lineMarkdown += " → [\(md(recipe))](recipes/\(recipe).md)"
            }
            if let error = entry.error, entry.status != .pending {
                line += " <span class=\"kitchen-note\">(\(h(error)))</span>"
                lineMarkdown += " (\(md(error)))"
            }
            html += line + "</li>"
            markdown += lineMarkdown + "\n"
        }
        html += "</ul></section>"
        return PageFragment(html: html, markdown: markdown)
    }

    // MARK: A recipe

    /// - Parameter thumbnail: where the recipe's picture is from its page, if it has one.
    static func meta(_ recipe: KitchenRecipe, thumbnail: String? = nil) -> PageFragment {
        var items: [(label: String, value: String)] = [("Serves", recipe.servingsShown), ("Category", recipe.category.rawValue)]
        if let prep = recipe.prepTime { items.append(("Prep", prep)) }
        if let cook = recipe.cookTime { items.append(("Cook", cook)) }
        var html = ""
        var photoMarkdown = ""
        if let thumbnail {
            photoMarkdown = "![](<\(thumbnail)>)\n\n"
        }
        // A recipe that names a photo gets its frame even when the file is missing or the
        // download fails: the initials on the category's colour, the same size as the photo.
        if thumbnail != nil || recipe.thumbnail != nil {
            html += photo(recipe, thumbnail: thumbnail, className: "kitchen-photo", lazy: false)
        }
        html += "<ul class=\"kitchen-meta\">"
        html += items.map { "<li><span>\(h($0.label))</span> <strong>\(h($0.value))</strong></li>" }.joined()
        html += "</ul>"
        var markdown = photoMarkdown + items.map { "**\(md($0.label)):** \(md($0.value))" }.joined(separator: " · ")
        var notes: [String] = []
        var notesMarkdown: [String] = []
        if let assumption = recipe.servingsAssumption { notes.append(h(assumption)); notesMarkdown.append(md(assumption)) }
        if recipe.isFavourite { notes.append("♥ Favourite"); notesMarkdown.append("♥ Favourite") }
        if recipe.isArchived {
            notes.append("Archived: listed only on the <a href=\"../archive.html\">archive</a>")
            notesMarkdown.append("Archived: listed only on the [archive](../archive.md)")
        }
        if let url = recipe.sourceUrl, KitchenValidator.isWebURL(url) {
            let host = URL(string: url)?.host ?? url
            let names: [KitchenSourcePlatform: String] = [.instagram: "Instagram", .tiktok: "TikTok", .youtube: "YouTube"]
            let platform = recipe.sourcePlatform.flatMap { names[$0] }.map { " (\($0))" } ?? ""
            notes.append("Source: <a href=\"\(h(url))\" rel=\"nofollow noopener\">\(h(host))</a>\(h(platform))")
            notesMarkdown.append("Source: [\(md(host))](<\(url)>)\(md(platform))")
        }
        if !notes.isEmpty { html += "<p class=\"kitchen-notes\">\(notes.joined(separator: " · "))</p>" }
        if !notesMarkdown.isEmpty { markdown += "\n\n" + notesMarkdown.joined(separator: " · ") }
        return PageFragment(html: html, markdown: markdown)
    }

    /// The ingredient line's parts as shown at 1× in the person's units: `kitchen.units` when
    /// set, else the system the amount was written in (a recipe of cups stays in cups, one of
    /// grams in grams), as the cook who saved it reads it.
    static func shownAmount(_ ingredient: KitchenIngredient, factor: Double = 1, units: KitchenUnits?) -> ScaledAmount {
        KitchenScaler.scale(ingredient.parsedAmount, written: ingredient.amount, by: factor, units: units ?? ingredient.parsedAmount.writtenSystem)
    }

    /// Checkboxes that strike an ingredient through when ticked: HTML and CSS only, nothing stored.
    static func ingredients(_ recipe: KitchenRecipe, units: KitchenUnits?) -> PageFragment {
        guard !recipe.ingredients.isEmpty else { return PageFragment(html: "<p>No ingredients yet.</p>", markdown: "No ingredients yet.") }
        var html = "<ul class=\"kitchen-ingredients\">\n"
        var markdown: [String] = []
        for (index, ingredient) in recipe.ingredients.enumerated() {
            if ingredient.isHeading {
                // A group name: a heading among the lines, with nothing to tick.
                html += "<li class=\"kitchen-ingredient-group\"><strong>\(h(ingredient.name))</strong></li>\n"
                markdown.append("\n**\(md(ingredient.name))**\n")
                continue
            }
            let amount = shownAmount(ingredient, units: units).text
            let notes = Self.notesAfterName(ingredient.notes)
            html += "<li><input type=\"checkbox\" id=\"ingredient-\(index + 1)\"><label for=\"ingredient-\(index + 1)\">"
            if !amount.isEmpty { html += "<strong data-amount=\"\(index)\">\(h(amount))</strong> " }
            html += "\(h(ingredient.name))<span class=\"kitchen-ingredient-notes\">\(h(notes))</span></label></li>\n"
            markdown.append("- [ ] " + (amount.isEmpty ? "" : "**\(md(amount))** ") + md(ingredient.name + notes))
        }
        html += "</ul>"
        return PageFragment(html: html, markdown: markdown.joined(separator: "\n"))
    }

    /// Cook mode's button at the top of the recipe page, under its title (issue 46: at the
    /// counter it came after every ingredient and step, more than a phone's screen down); the
    /// actions after the steps keep theirs. Nothing for a recipe without a step to cook.
    static func start(_ recipe: KitchenRecipe) -> PageFragment {
        guard recipe.steps.contains(where: { !$0.isHeading }) else { return PageFragment(html: "", markdown: "") }
        return PageFragment(html: "<p class=\"kitchen-start\"><a class=\"button\" href=\"../cook/\(h(recipe.id)).html\">Cook mode</a></p>",
                            markdown: "[Cook mode](../cook/\(recipe.id).md)")
    }

    static func actions(_ recipe: KitchenRecipe) -> PageFragment {
        var html = "<p class=\"kitchen-actions\"\(cookedData(recipe))>"
        var markdown: [String] = []
        if recipe.steps.contains(where: { !$0.isHeading }) {
            html += "<a class=\"button\" href=\"../cook/\(h(recipe.id)).html\">Cook mode</a> "
            markdown.append("[Cook mode](../cook/\(recipe.id).md)")
        }
        html += "<a class=\"button secondary\" href=\"../cards/\(h(recipe.id)).html\">Printable card</a></p>"
        markdown.append("[Printable card](../cards/\(recipe.id).md)")
        return PageFragment(html: html, markdown: markdown.joined(separator: " · "))
    }

    /// What a served page's "I cooked this" sends, declared on the element it is placed by (the
    /// served page script reads it; the built site has no use for it): the recipe's id, and its
    /// servings when they are one plain number ("2–4" or none given leaves the form's field empty).
    static func cookedData(_ recipe: KitchenRecipe) -> String {
        let servings = recipe.servingsShown == String(recipe.servings) ? " data-servings=\"\(recipe.servings)\"" : ""
        return " data-cooked-recipe=\"\(h(recipe.id))\"" + servings
    }

    /// Nutrition for the whole recipe and per serving, with a bar of the energy from each macro.
    static func nutrition(_ recipe: KitchenRecipe) -> PageFragment {
        guard let total = recipe.nutrition, let perServing = recipe.nutritionPerServing else {
            return PageFragment(html: "<p>No nutrition given.</p>", markdown: "No nutrition given.")
        }
        // A figure the recipe leaves out is "—", never 0 (issue 26).
        let rows: [(String, NutritionFigure)] = [("Energy", .calories), ("Protein", .protein), ("Carbs", .carbs), ("Fats", .fats)]
        let servings = "\(recipe.servings) serving\(recipe.servings == 1 ? "" : "s")"
        var html = "<table class=\"kitchen-nutrition\"><thead><tr><th scope=\"col\"><span class=\"visually-hidden\">Nutrient</span></th><th scope=\"col\">Whole recipe (\(servings))</th><th scope=\"col\">Per serving</th></tr></thead><tbody>"
        var markdown = "| | Whole recipe (\(servings)) | Per serving |\n|---|---:|---:|\n"
        for (label, figure) in rows {
            html += "<tr><th scope=\"row\">\(label)</th><td>\(total.shown(figure))</td><td>\(perServing.shown(figure))</td></tr>"
            markdown += "| \(label) | \(total.shown(figure)) | \(perServing.shown(figure)) |\n"
        }
        html += "</tbody></table>"
        if let missing = total.unknownNames {
            let note = "The recipe does not give its \(missing): shown as “—”, not 0, and left out of meal-plan totals" + (Macro.allCases.contains { total.unknown.contains(NutritionFigure($0)) } ? " and of the energy bar." : ".")
            html += "<p class=\"kitchen-note\">\(h(note))</p>"
            markdown += "\n" + md(note) + "\n"
        }
        let shares = total.energyShares
        // Shares of partly unknown macros would mislead: the bar needs all three.
        if shares.protein + shares.carbs + shares.fats > 0, !Macro.allCases.contains(where: { total.unknown.contains(NutritionFigure($0)) }) {
            let percent = { (share: Double) in Int((share * 100).rounded()) }
            let parts = [("protein", "Protein", shares.protein), ("carbs", "Carbs", shares.carbs), ("fats", "Fats", shares.fats)]
            let label = parts.map { "\($0.1) \(percent($0.2))%" }.joined(separator: ", ")
            html += "<div class=\"macro-bar\" role=\"img\" aria-label=\"Energy from \(label)\">"
            for (name, _, share) in parts where share > 0 {
                html += "<span class=\"macro-\(name)\" style=\"width: \(Format.number(share * 100, decimals: 1))%\"></span>"
            }
            html += "</div><p class=\"macro-legend\">"
            html += parts.map { "<span class=\"macro-key macro-\($0.0)\"></span>\($0.1) \(percent($0.2))%" }.joined(separator: " ")
            html += " of the energy</p>"
            markdown += "\nEnergy from \(label)."
        }
        return PageFragment(html: html, markdown: markdown)
    }

    /// The ingredients at ½×, 1×, 2× and the extra servings asked for.
    static func scalingTable(_ recipe: KitchenRecipe, factors: [(label: String, factor: Double)], units: KitchenUnits?) -> PageFragment {
        guard !recipe.ingredients.isEmpty else { return PageFragment(html: "<p>Nothing to scale.</p>", markdown: "Nothing to scale.") }
        // The table is wider than a phone: its scroller is a named region the keyboard can reach
        // and scroll with the arrow keys.
        var html = "<div class=\"table-scroll\" role=\"region\" aria-label=\"Amounts for more or fewer servings\" tabindex=\"0\"><table class=\"kitchen-scaling\"><thead><tr><th scope=\"col\">Ingredient</th>"
        html += factors.map { "<th scope=\"col\">\(h($0.label))</th>" }.joined() + "</tr></thead><tbody>"
        let labels = factors.map { h($0.label) }
        var markdown = "| Ingredient | " + factors.map { md($0.label) }.joined(separator: " | ") + " |\n"
        markdown += "|---|" + factors.map { _ in "---|" }.joined() + "\n"
        for ingredient in recipe.ingredients {
            if ingredient.isHeading {
                html += "<tr class=\"kitchen-ingredient-group\"><th scope=\"rowgroup\" colspan=\"\(factors.count + 1)\">\(h(ingredient.name))</th></tr>"
                markdown += "| **\(escapingPipes(md(ingredient.name)))** |" + factors.map { _ in " |" }.joined() + "\n"
                continue
            }
            let amount = ingredient.parsedAmount
            let cells = factors.map { KitchenScaler.scale(amount, written: ingredient.amount, by: $0.factor, units: units ?? amount.writtenSystem).text }
            // Each cell names its column: on a phone the rows stack, a label before each amount.
            html += "<tr><th scope=\"row\">\(h(ingredient.name))</th>" + zip(cells, labels).map { "<td data-label=\"\($0.1)\">\(h($0.0))</td>" }.joined() + "</tr>"
            markdown += "| \(md(ingredient.name)) | " + cells.map { escapingPipes(md($0)) }.joined(separator: " | ") + " |\n"
        }
        html += "</tbody></table></div>"
        let unscaled = recipe.ingredients.filter { !$0.isHeading && shownAmount($0, units: units).scaled == false && !$0.amount.isEmpty }
        if !unscaled.isEmpty {
            let note = "Amounts that are not quantities (\(unscaled.map { "“\($0.amount)”" }.joined(separator: ", "))) are shown as written."
            html += "<p class=\"kitchen-note\">\(h(note))</p>"
            markdown += "\n" + md(note)
        }
        return PageFragment(html: html, markdown: markdown)
    }

    /// A Markdown table cell's text with its pipes escaped; Foundation is asked only when there is one.
    static func escapingPipes(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "|")) ? text.replacingOccurrences(of: "|", with: "\\|") : text
    }

    // MARK: Cook mode

    /// One section per step with "Step N of M", a progress bar, the ingredients the step names
    /// (`KitchenStepIngredients`), previous and next links, and a timer the script shows, named
    /// by its step (issue 26: timers of other steps keep running, listed above the step); without
    /// script the sections read as a list. A heading is no step: it labels the step after it
    /// (`cook-section`).
    static func cook(_ recipe: KitchenRecipe, units: KitchenUnits?) -> PageFragment {
        let count = recipe.steps.count(where: { !$0.isHeading })
        var html = "<div class=\"cook\"\(cookedData(recipe))>\n<p class=\"cook-toast\" role=\"status\" hidden>Recipe complete! Enjoy your meal!</p>\n"
        html += "<p class=\"cook-say visually-hidden\" role=\"status\"></p>\n<div class=\"cook-running\" hidden></div>\n<ol class=\"cook-steps\">\n"
        var markdown: [String] = []
        // Group names ("For the sauce") are no ingredients a step uses.
        let usable = recipe.ingredients.filter { !$0.isHeading }
        let usablePlaces = recipe.ingredients.indices.filter { !recipe.ingredients[$0].isHeading }
        let matcher = KitchenStepIngredients.Matcher(names: usable.map(\.name))
        var section: String?
        for (step, shownNumber) in recipe.steps.numbered {
            guard let number = shownNumber else { section = step.text; continue }
            let seconds = KitchenDuration.seconds(in: step.text) ?? 0
            let named = matcher.named(in: step.text)
            let uses = named.map { usable[$0] }
            // Each use's place among all the ingredients, group names too: the servings data's.
            let places = named.map { usablePlaces[$0] }
            html += "<li class=\"cook-step\" id=\"step-\(number)\">\n"
            if let section { html += "<p class=\"cook-section\">\(h(section))</p>\n" }
            html += "<h2 class=\"cook-count\" tabindex=\"-1\">Step \(number) of \(count)</h2><progress max=\"\(count)\" value=\"\(number)\">\(number) of \(count)</progress>\n"
            html += "<p class=\"cook-text\">\(h(step.text))</p>\n"
            var usesMarkdown: [String] = []
            if !uses.isEmpty {
                html += "<ul class=\"cook-uses\" aria-label=\"Ingredients for this step\">"
                for (ingredient, place) in zip(uses, places) {
                    let amount = shownAmount(ingredient, units: units).text
                    let notes = Self.notesAfterName(ingredient.notes)
                    html += "<li>\(amount.isEmpty ? "" : "<strong data-amount=\"\(place)\">\(h(amount))</strong> ")\(h(ingredient.name + notes))</li>"
                    usesMarkdown.append([amount, ingredient.name + notes].filter { !$0.isEmpty }.joined(separator: " "))
                }
                html += "</ul>\n"
            }
            html += "<div class=\"cook-timer\" data-seconds=\"\(seconds)\" data-name=\"\(h(timerName(number: number, text: step.text)))\" hidden><output>\(KitchenDuration.clock(seconds))</output> "
            html += "<button type=\"button\" data-act=\"start\">Start</button> <button type=\"button\" data-act=\"pause\">Pause</button> <button type=\"button\" data-act=\"reset\">Reset</button></div>\n"
            html += "<p class=\"cook-nav\">"
            if number > 1 { html += "<a class=\"button secondary\" href=\"#step-\(number - 1)\" data-go=\"previous\">Previous</a> " }
            if number < count {
                html += "<a class=\"button\" href=\"#step-\(number + 1)\" data-go=\"next\">Done — next step</a>"
            } else {
                html += "<a class=\"button finish cook-finish\" href=\"../recipes/\(h(recipe.id)).html\">Finish recipe</a>"
            }
            html += "</p>\n</li>\n"
            markdown.append("\(number). \(section.map { "*\(md($0))* · " } ?? "")**Step \(number) of \(count).** \(md(step.text))\(seconds > 0 ? " (timer \(KitchenDuration.clock(seconds)))" : "")"
                            + (usesMarkdown.isEmpty ? "" : "\n   *Uses:* " + md(usesMarkdown.joined(separator: "; "))))
            section = nil
        }
        html += "</ol>\n"
        // The recipe's notes, folded away under the steps, as text (issue 50).
        if let notes = recipe.notes, !notes.isEmpty {
            let paragraphs = notes.split(separator: "\n").map { "<p>\(h(String($0)))</p>" }.joined()
            html += "<details class=\"cook-notes\"><summary>Notes</summary>\(paragraphs)</details>\n"
            markdown.append("\n**Notes.** " + notes.split(separator: "\n").map { md(String($0)) }.joined(separator: " "))
        }
        html += "<p><a href=\"../recipes/\(h(recipe.id)).html\">Back to the recipe</a></p>\n</div>"
        markdown.append("\n[Back to the recipe](../recipes/\(recipe.id).md)")
        return PageFragment(html: html, markdown: markdown.joined(separator: "\n"))
    }

    /// A timer's name in the list of running timers: "Step 3: Pour in the tomatoes, season,…".
    static func timerName(number: Int, text: String) -> String {
        if let start = asciiTimerStart(text) { return "Step \(number): " + start }
        let words = text.split(whereSeparator: \.isWhitespace)
        let start = words.prefix(5).joined(separator: " ")
        return "Step \(number): " + start + (words.count > 5 ? "…" : "")
    }

    /// An ASCII text's first five words joined by a space, with "…" when more follow, read from
    /// its bytes (its white space is bytes 9–13 and 32) without making a list of words; nil for
    /// any other text.
    static func asciiTimerStart(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var start: [UInt8] = []
        var words = 0
        var inWord = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                inWord = false
                continue
            }
            if !inWord {
                if words == 5 { return String(decoding: start, as: UTF8.self) + "…" }
                if words > 0 { start.append(0x20) }
                words += 1
                inWord = true
            }
            start.append(byte)
        }
        return String(decoding: start, as: UTF8.self)
    }

    // MARK: The printable card

    static func card(_ recipe: KitchenRecipe, units: KitchenUnits?) -> PageFragment {
        var facts = ["Serves \(recipe.servingsShown)"]
        if let prep = recipe.prepTime { facts.append("prep \(prep)") }
        if let cook = recipe.cookTime { facts.append("cook \(cook)") }
        if let calories = recipe.nutritionPerServing?.known(.calories) { facts.append("\(calories) kcal a serving") }
        // A card fits one page of A4 or Letter: a longer recipe prints smaller (`CardFit`), and
        // one too long even so says it takes more than one page.
        let fit = CardFit(recipe)
        var html = "<div class=\"kitchen-sheet\(fit.className.map { " " + $0 } ?? "")\">\n<p class=\"kitchen-sheet-facts\">\(h(facts.joined(separator: " · ")))</p>\n"
        if let note = fit.note { html += "<p class=\"kitchen-sheet-note\">\(h(note))</p>\n" }
        html += "<div class=\"kitchen-sheet-columns\">\n<section><h2>Ingredients</h2><ul>"
        var markdown = "*\(md(facts.joined(separator: " · ")))*\n\n" + (fit.note.map { md($0) + "\n\n" } ?? "") + "## Ingredients\n\n"
        for ingredient in recipe.ingredients {
            if ingredient.isHeading {
                html += "<li class=\"kitchen-ingredient-group\"><strong>\(h(ingredient.name))</strong></li>"
                markdown += "\n**\(md(ingredient.name))**\n\n"
                continue
            }
            let amount = shownAmount(ingredient, units: units).text
            let notes = Self.notesAfterName(ingredient.notes)
            html += "<li>\(amount.isEmpty ? "" : "<strong>\(h(amount))</strong> ")\(h(ingredient.name + notes))</li>"
            markdown += "- \(amount.isEmpty ? "" : "**\(md(amount))** ")\(md(ingredient.name + notes))\n"
        }
        html += "</ul></section>\n<section><h2>Steps</h2><ol>"
        markdown += "\n## Steps\n\n"
        var done = 0
        for (step, number) in recipe.steps.numbered {
            guard let number else {
                // A heading ends the list; the next one goes on counting.
                html += "</ol><h3>\(h(step.text))</h3><ol start=\"\(done + 1)\">"
                markdown += "\n### \(md(step.text))\n\n"
                continue
            }
            done = number
            html += "<li>\(h(step.text))</li>"
            markdown += "\(number). \(md(step.text))\n"
        }
        html += "</ol></section>\n</div>\n<p class=\"kitchen-sheet-back\"><a href=\"../recipes/\(h(recipe.id)).html\">Back to the recipe</a></p>\n</div>"
        markdown += "\n[Back to the recipe](../recipes/\(recipe.id).md)"
        return PageFragment(html: html, markdown: markdown)
    }
}
