import BrewKit
import Foundation

/// A recipe read from a page's visible HTML, for what its JSON-LD and microdata lack.
///
/// The rules, most specific first:
/// - **Containers named by class or id.** An element whose `class` or `id` holds a word of
///   `ingredientWords` ("ingredient": WP Recipe Maker's `wprm-recipe-ingredients-container`,
///   Tasty Recipes' `tasty-recipes-ingredients`, Mediavine's `mv-create-ingredients`, Zip's,
///   Drupal's `field--name-field-ingredients`, a plain `ingredients`) or of `instructionWords`
///   ("instruction", "direction", "method", "preparation", "step"). Classes that name both
///   ("ingredients-and-directions") and parts of a line ("ingredient-amount", "-name", "-unit",
///   "-notes", "-header", "-title") are not containers. The first container (in page order, not
///   inside another) that holds lines wins.
/// - **Headings.** An `h1`–`h6` whose whole text is a section name ("Ingredients", "Method",
///   "Instructions", "Directions", "Steps", "Preparation" and their French, German, Spanish,
///   Portuguese and Italian names), then the elements after it — up to the next heading of the
///   same or a higher level once lines were found, the next section heading, or the other
///   section's container; a heading alone in a wrapper looks past its wrapper.
/// - **Lines of a container**: its list items (`li`, not nested in another); else table rows,
///   each row's cells joined ("200 g" | "flour" → "200 g flour"); else its elements whose class
///   names one line ("…__ingredient", "tasty-recipes-ingredient"), else its paragraphs. Headings
///   and paragraphs that are wholly bold are group names, not lines. Text hidden from sight
///   (screen-reader-only, `display:none`) is left out.
/// - **Times and servings as text**: a line starting with a label ("Prep time", "Prep:",
///   "Cooking time", "Tempo de preparo", …) and a duration in it or in the next two lines
///   ("Tempo de preparo" / "30" / "minutos"); "Serves 4", "Servings: 4", "Makes 12 servings".
struct KitchenHTMLRecipeReader {
    let document: HTMLDocument
    /// Every element, in page order.
    let elements: [Int]

    static let ingredientWords = ["ingredient"]
    static let instructionWords = ["instruction", "direction", "method", "preparation", "step"]
    static let partWords = ["amount", "-name", "_name", "unit", "notes", "header", "title", "label", "image", "count", "toggle", "button", "checkbox", "link", "jump", "print", "clipboard", "scale", "container-header"]
    static let ingredientHeadings: Set<String> = ["ingredients", "ingredient", "ingrédients", "ingredientes", "ingredienti", "zutaten", "ingrediënten", "ingredienten", "ingredienser", "you will need",
        "składniki", "suroviny", "přísady", "hozzávalók", "malzemeler", "ingredientai", "ainekset", "ingredienti per",
        "what you need", "what you'll need", "what you will need", "you'll need", "shopping list", "ingredient list", "ingredients list",
        "das brauchst du", "das brauchen sie", "ce qu'il vous faut", "lo que necesitas", "ingredientes necessários", "det skal du bruge", "du trenger"]
    static let instructionHeadings: Set<String> = ["instructions", "directions", "method", "steps", "preparation", "how to make it", "préparation", "zubereitung", "preparación", "elaboración", "modo de preparo", "preparo", "procedimento", "bereiding", "bereidingswijze", "werkwijze", "gör så här", "instruktioner", "tillagning", "gör så", "anleitung", "istruzioni", "preparazione", "instrucciones",
        "przygotowanie", "sposób przygotowania", "postup", "postup přípravy", "elkészítés", "az elkészítés menete", "fremgangsmåte", "slik gjør du",
        "hazırlanışı", "yapılışı", "modo de fazer", "fremgangsmåde", "valmistus", "method of preparation",
        "how to make", "how to cook", "how to prepare", "what to do", "cooking instructions", "cooking method", "recipe method", "recipe instructions",
        "step by step", "step-by-step", "the method", "let's cook", "lets cook", "how to make it", "how to make this", "how to make them", "making it", "the steps", "preparation method", "instructions for",
        "so geht's", "so wird's gemacht", "arbeitsschritte", "la recette", "étapes", "mode opératoire", "pasos", "passaggi", "procedimiento",
        "modo de preparação", "preparação", "fremgangsmåte:", "sådan gør du", "tilberedning", "elkészítése", "wykonanie", "bereidingswijze:"]
    static let prepLabels = ["prep time", "preparation time", "prep", "preparation", "tempo de preparo", "temps de préparation", "tiempo de preparación", "vorbereitungszeit", "zubereitungszeit",
        "czas przygotowania", "doba přípravy", "příprava", "előkészítési idő", "hazırlama süresi", "forberedelse", "forberedelsestid"]
    static let cookLabels = ["cook time", "cooking time", "cook", "bake time", "baking time", "tempo de cocção", "tempo de cozimento", "temps de cuisson", "tiempo de cocción", "kochzeit", "backzeit", "garzeit",
        "tillagningstid", "czas gotowania", "czas pieczenia", "doba vaření", "doba pečení", "főzési idő", "sütési idő", "pişirme süresi", "tilberedningstid", "steketid", "koketid"]

    /// Each part is read only when asked for: a page whose JSON-LD is complete costs a tree, no more.
    init(_ document: HTMLDocument) {
        self.document = document
        elements = document.descendants()
    }

    func ingredientLines() -> [String] {
        Self.lines(named: Self.ingredientWords, heading: Self.ingredientHeadings, in: document, elements: elements)
    }

    /// With no section named for them: the page's list whose items are most often measured
    /// ("500 g marhalábszár"): at least two items and four in five starting with an amount, outside
    /// navigation, headers, footers, asides and forms, and not the steps. A list beside the
    /// method, as blogs write it.
    func unlabelledIngredientLines(steps: [String]) -> [String] {
        let stepSet = Set(steps)
        var best: (lines: [String], share: Double)?
        for list in elements where ["ul", "ol"].contains(document.name(list)) {
            guard !Self.isHiddenOrUnread(list, in: document), !isInPageFurniture(list) else { continue }
            let items = document.children(list).filter { document.name($0) == "li" }
            guard items.count >= 2, items.count <= ClippedRecipe.maximumLines else { continue }
            let lines = Self.texts(items, in: document)
            guard lines.count == items.count, !lines.contains(where: stepSet.contains) else { continue }
            let measured = lines.filter { !AmountGrammar.splitLine($0).amount.isEmpty }.count
            let share = Double(measured) / Double(lines.count)
            if share >= 0.8, best == nil || share > best!.share { best = (lines, share) }
        }
        return best?.lines ?? []
    }

    /// Whether an element is inside a page's navigation, header, footer, aside or form.
    func isInPageFurniture(_ element: Int) -> Bool {
        var current = document.parent(element)
        while let next = current, next != 0 {
            if ["nav", "header", "footer", "aside", "form"].contains(document.name(next)) { return true }
            current = document.parent(next)
        }
        return false
    }

    /// Names of a recipe's notes section: "Notes", "Recipe notes", "Tips", "Notizen", "Tipps",
    /// "Anmerkungen", "Remarques", "Astuces", "Notas", "Consejos", "Note", "Consigli", "Opmerkingen".
    static let notesHeadings: Set<String> = ["notes", "note", "recipe notes", "recipe note", "tips", "tips and notes", "notes and tips", "notes & tips", "tips & notes", "cook's notes", "cook's note",
                                             "recipe tips", "chef's notes", "chef's tips", "kitchen notes", "helpful tips", "tips & tricks", "tips and tricks",
                                             "notizen", "tipps", "hinweise", "anmerkungen", "anmerkung", "rezeptnotizen", "tipps & tricks", "tipps und tricks",
                                             "remarques", "remarque", "astuces", "conseils", "notes de la recette", "astuces et conseils",
                                             "notas", "notas de la receta", "consejos", "consigli", "note della ricetta", "opmerkingen", "notities",
                                             "noter", "anteckningar", "tips og triks", "megjegyzés", "uwagi", "poznámky"]

    /// Words of a class or id that say whose notes a block holds when they are not the recipe's:
    /// an ingredient's or a piece of equipment's, a comment form's ("Your email address will not be
    /// published"), a footnote, or a part of the block (its header, its toggle).
    static let notRecipeNotesWords = ["ingredient", "equipment", "comment", "footnote", "nutrition", "product", "author", "review", "email", "header", "title", "label", "toggle", "button", "icon", "instruction", "step"]

    /// Whether an element is a recipe card's notes block by its class or id ("wprm-recipe-notes",
    /// "tasty-recipes-notes", "mv-create-notes", a plain "notes"): not an ingredient's notes, a
    /// comment form's, nor a part of a line (a `span`, a link).
    static func isNotesContainer(_ node: HTMLDocument.Node) -> Bool {
        guard !node.name.isEmpty, !notContainers.contains(node.name) || node.name == "li", namesHold(node, ["notes"]) else { return false }
        let text = ((node.attributes["class"] ?? "") + " " + (node.attributes["id"] ?? "")).lowercased()
        return text.split(whereSeparator: \.isWhitespace).contains { token in
            token.contains("notes") && !notRecipeNotesWords.contains(where: token.contains)
        }
    }

    /// Whether an element labels a notes block: a heading, or a paragraph or `div` holding only
    /// text and inline elements (bold, italic or plain), whose whole text is a notes name.
    static func isNotesLabel(_ element: Int, in document: HTMLDocument) -> Bool {
        let name = document.name(element)
        if !HTMLDocument.headings.contains(name) {
            guard name == "p" || name == "div" else { return false }
            let children = document.children(element)
            guard children.count <= 3, children.allSatisfy({ child in
                let name = document.name(child)
                return name.isEmpty || (HTMLText.inline.contains(name) && document.children(child).allSatisfy { document.name($0).isEmpty })
            }) else { return false }
        }
        return notesHeadings.contains(sectionName(document.text(element, maximumCharacters: 100)))
    }

    /// The recipe card's notes block: an element whose class or id names notes ("…recipe-notes",
    /// "…-notes", not an ingredient's notes, a comment form's, a footnote or a header), else what
    /// follows a label named `notesHeadings` (a heading or a paragraph, alone in a wrapper or not)
    /// up to the next heading or section label; lines kept, the label's own line left out.
    func notes() -> String? {
        for element in elements {
            guard Self.isNotesContainer(document.nodes[element]), !Self.isHiddenOrUnread(element, in: document) else { continue }
            // The block's own heading is its label whatever its words ("Lisa's Tips"): a block
            // holding only its label holds no notes.
            let label = document.descendants(of: element).first { HTMLDocument.headings.contains(document.name($0)) }
                .map { document.text($0, maximumCharacters: 200) }
            if let found = Self.notesText(document.text(element, keepLines: true, maximumCharacters: KitchenRecipe.maximumTextCharacters), label: label) { return found }
        }
        for element in elements where Self.isNotesLabel(element, in: document) {
            var anchor = element
            // A label wrapped alone (with an icon or a button) looks past its wrapper, up to three levels.
            for _ in 0..<3 {
                guard let parent = document.parent(anchor), parent != 0 else { break }
                let siblings = document.children(parent).filter { !document.name($0).isEmpty }
                guard siblings.count == 1 || (siblings.last == anchor && siblings.allSatisfy { $0 == anchor || document.text($0, maximumCharacters: 40).isEmpty }) else { break }
                anchor = parent
            }
            guard let parent = document.parent(anchor) else { continue }
            let siblings = document.children(parent).filter { !document.name($0).isEmpty }
            guard let start = siblings.firstIndex(of: anchor) else { continue }
            var lines: [String] = []
            for sibling in siblings[(start + 1)...] {
                if HTMLDocument.headings.contains(document.name(sibling)) || Self.isSectionLabel(sibling, in: document) || Self.isNotesLabel(sibling, in: document) { break }
                if Self.isHiddenOrUnread(sibling, in: document) || Self.isShareMenu(document.nodes[sibling]) { continue }
                lines.append(document.text(sibling, keepLines: true, maximumCharacters: KitchenRecipe.maximumTextCharacters))
            }
            if let found = Self.notesText(lines.joined(separator: "\n")) { return found }
        }
        return nil
    }

    /// A notes block's text without its own heading line (`label`, or a notes name), its share
    /// buttons ("Pin it") and a site's disclaimer ("Nutrition Disclaimer: …"); nil when nothing is left.
    static func notesText(_ text: String, label: String? = nil) -> String? {
        var lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !isShareLabel($0) && !isDisclaimer($0) }
        if let first = lines.first, notesHeadings.contains(sectionName(first)) || (label.map { HTMLText.collapse($0) == HTMLText.collapse(first) } ?? false) { lines.removeFirst() }
        let joined = lines.joined(separator: "\n")
        return joined.count >= 3 ? joined : nil
    }

    /// Whether a line is a site's disclaimer printed in a recipe card's notes ("Nutrition
    /// Disclaimer: All information presented on this site …"): its label before a colon names one.
    static func isDisclaimer(_ line: String) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        let label = line[..<colon].lowercased()
        return label.split(separator: " ").count <= 4 && ["disclaimer", "haftungsausschluss", "avertissement", "descargo"].contains(where: label.contains)
    }

    func steps() -> [String] {
        Self.lines(named: Self.instructionWords, heading: Self.instructionHeadings, in: document, elements: elements).map(KitchenPageReader.stripStepNumber).filter { !$0.isEmpty }
    }

    /// The page's visible text, a line per block: its first 200,000 characters, where a recipe's
    /// times and servings are.
    func bodyLines() -> [String] {
        // A recipe card's details on one line ("Prep: 20 min · Cook: 40 min · Serves 12") are a line each.
        document.text(elements.first { document.name($0) == "body" } ?? 0, keepLines: true, maximumCharacters: 200_000).split(separator: "\n")
            .flatMap { $0.split(whereSeparator: { "·•|".contains($0) }) }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func times(in lines: [String]) -> (prep: String?, cook: String?) {
        (Self.labelledTime(Self.prepLabels, in: lines), Self.labelledTime(Self.cookLabels, in: lines))
    }

    // MARK: Lines

    /// The lines of the first container named by `words`, else of the first section headed by one of `names`.
    static func lines(named words: [String], heading names: Set<String>, in document: HTMLDocument, elements: [Int]) -> [String] {
        lines(of: section(named: words, heading: names, in: document, elements: elements), in: document, words: words)
    }

    /// The ingredient groups of the page's ingredient section: each group name ("For the sauce": a
    /// heading, a wholly bold paragraph, or an element whose class names a group's name or title)
    /// with the number of ingredient lines before it. Only for a section whose lines are list items.
    func ingredientGroups() -> [ClippedRecipe.IngredientGroup] {
        let roots = Self.section(named: Self.ingredientWords, heading: Self.ingredientHeadings, in: document, elements: elements)
        let visible = Self.visibleElements(roots, in: document)
        // The list items not inside another (each walks up its ancestors once: linear in the page).
        let allItems = Set(visible.filter { document.name($0) == "li" })
        let items = Set(allItems.filter { node in
            !document.hasAncestor(of: node, in: allItems) && !Self.isControlLabel(document.text(node, maximumCharacters: 40))
        })
        guard !items.isEmpty, items.count <= ClippedRecipe.maximumLines else { return [] }
        let labels = Self.outermost(visible.filter { node in
            guard !items.contains(node), !document.hasAncestor(of: node, in: items) else { return false }
            let name = document.name(node)
            let isLabel = HTMLDocument.headings.contains(name) || ((name == "p" || name == "div") && Self.isGroupName(node, in: document))
                || document.classes(node).contains { $0.contains("group-name") || $0.contains("group-title") || $0.contains("group-header") }
            return isLabel && !["li", "ul", "ol"].contains(name)
        }, in: document)
        let labelSet = Set(labels)
        var groups: [ClippedRecipe.IngredientGroup] = []
        var count = 0
        for node in visible {
            if items.contains(node) { count += 1; continue }
            guard labelSet.contains(node) else { continue }
            var text = KitchenPageReader.cleanLine(document.text(node, maximumCharacters: 200))
            while text.hasSuffix(":") { text.removeLast() }
            guard !text.isEmpty, text.count <= 80, !ingredientHeadingsContains(text) else { continue }
            if let last = groups.last, last.startsAt == count { groups.removeLast() }
            groups.append(ClippedRecipe.IngredientGroup(startsAt: count, name: text))
        }
        return groups.filter { $0.startsAt < items.count }
    }

    private func ingredientHeadingsContains(_ text: String) -> Bool {
        Self.ingredientHeadings.contains(Self.sectionName(text))
    }

    /// The elements of the first container named by `words`, else of the first section headed by one of `names`.
    static func section(named words: [String], heading names: Set<String>, in document: HTMLDocument, elements: [Int]) -> [Int] {
        var taken: Set<Int> = []
        let otherNames = names == ingredientHeadings ? instructionHeadings : ingredientHeadings
        for element in elements where isContainer(element, words: words, in: document) {
            guard !document.hasAncestor(of: element, in: taken) else { continue }
            taken.insert(element)
            // A wrapper named for one section that holds the other's heading too ("instructions"
            // around both lists) is no section: its headings say where each begins.
            if holdsSectionHeading(element, names: otherNames, in: document) { continue }
            if !lines(of: [element], in: document, words: words).isEmpty { return [element] }
        }
        let others = (ingredientWords + instructionWords).filter { !words.contains($0) }
        var otherContainers: Set<Int>?
        for element in elements where isSectionLabel(element, in: document) {
            guard names.contains(sectionName(document.text(element, maximumCharacters: 200))) else { continue }
            let stops = otherContainers ?? holders(of: elements.filter { isContainer($0, words: others, in: document) }, in: document)
            otherContainers = stops
            let content = following(element, until: stops, in: document)
            if !lines(of: content, in: document, words: words).isEmpty { return content }
        }
        return []
    }

    /// A heading, or a label standing for one: a paragraph (or `div`) whose only content is bold
    /// ("<p><strong>Ingredients</strong></p>"), as blogs without a recipe plugin write it.
    static func isSectionLabel(_ element: Int, in document: HTMLDocument) -> Bool {
        let name = document.name(element)
        if HTMLDocument.headings.contains(name) { return true }
        guard name == "p" || name == "div" else { return false }
        if isGroupName(element, in: document) { return true }
        // A plain or italic paragraph whose whole text is a section's name ("<p>Ingredients</p>",
        // "<p><em>Method</em></p>"), as pages without a recipe plugin write it.
        // Only text and inline elements holding text, at most three: a label, not a block of the
        // page (looked at before its text is read, so a page's every `div` costs little).
        let children = document.children(element)
        guard children.count <= 3, children.allSatisfy({ child in
            let name = document.name(child)
            return name.isEmpty || (HTMLText.inline.contains(name) && document.children(child).allSatisfy { document.name($0).isEmpty })
        }) else { return false }
        let text = sectionName(document.text(element, maximumCharacters: 100))
        return ingredientHeadings.contains(text) || instructionHeadings.contains(text)
    }

    /// Whether an element holds a heading or bold label named one of `names`.
    static func holdsSectionHeading(_ element: Int, names: Set<String>, in document: HTMLDocument) -> Bool {
        document.descendants(of: element).contains { node in
            node != element && isSectionLabel(node, in: document) && names.contains(sectionName(document.text(node, maximumCharacters: 200)))
        }
    }

    /// Some elements and every element that holds one of them (their ancestors): what a section
    /// stops at, looked up at once however many there are.
    static func holders(of elements: [Int], in document: HTMLDocument) -> Set<Int> {
        var found: Set<Int> = []
        for element in elements {
            var current: Int? = element
            while let next = current, found.insert(next).inserted { current = document.parent(next) }
        }
        return found
    }

    /// "Ingredients:" → "ingredients"; "Ingredients (14)", "Ingredients for 4 people", "Zutaten für
    /// 4 Personen" → "ingredients", "zutaten": a section's name without the count or servings after it.
    static func sectionName(_ text: String) -> String {
        var name = text.lowercased().replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = name.last, ":.".contains(last) { name.removeLast() }
        name = name.trimmingCharacters(in: .whitespaces)
        guard name.count <= 80 else { return name }
        // "Ingredients (14)", "Ingredients (serves 4)".
        if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open != name.startIndex {
            let head = name[..<open].trimmingCharacters(in: .whitespaces)
            if ingredientHeadings.contains(head) || instructionHeadings.contains(head) { return head }
        }
        // "Ingredients for 4 people", "Zutaten für 4 Personen".
        for joining in [" for ", " für ", " pour ", " para ", " per ", " voor ", " til ", " till ", " do "] {
            guard let range = name.range(of: joining) else { continue }
            let head = String(name[..<range.lowerBound])
            if ingredientHeadings.contains(head) { return head }
        }
        return name
    }

    /// Elements that hold a part of a line or of the page, never a section.
    static let notContainers: Set<String> = ["li", "span", "a", "label", "input", "button", "img", "body", "html", "script", "style", "link", "meta", "svg", "form", "h1", "h2", "h3", "h4", "h5", "h6"]

    /// Whether an element's `class` or `id` holds one of `words` (ASCII, lower case) in any case:
    /// the first look at every element of a page, made without building a string.
    static func namesHold(_ node: HTMLDocument.Node, _ words: [String]) -> Bool {
        let classes = node.attributes["class"], id = node.attributes["id"]
        guard classes != nil || id != nil else { return false }
        return words.contains { word in
            classes.map { HTMLText.containsASCII($0, word, ignoringCase: true) } == true || id.map { HTMLText.containsASCII($0, word, ignoringCase: true) } == true
        }
    }

    static func isContainer(_ element: Int, words: [String], in document: HTMLDocument) -> Bool {
        let node = document.nodes[element]
        guard node.attributes["class"] != nil || node.attributes["id"] != nil, !notContainers.contains(node.name) else { return false }
        guard namesHold(node, words) else { return false }
        let text = ((node.attributes["class"] ?? "") + " " + (node.attributes["id"] ?? "")).lowercased()
        let names = text.split(whereSeparator: \.isWhitespace)
        let others = (ingredientWords + instructionWords).filter { !words.contains($0) }
        return names.contains { token in
            words.contains(where: token.contains) && !others.contains(where: token.contains) && !partWords.contains(where: token.contains)
        }
    }

    /// The elements after a section heading that hold its content: up to the next section heading,
    /// a heading of the same or a higher level once lines were found, or an element that is (or
    /// holds) a container of the other section (one of `stops`).
    static func following(_ heading: Int, until stops: Set<Int>, in document: HTMLDocument) -> [Int] {
        let level = Int(String(document.name(heading).dropFirst())) ?? 7
        var anchor = heading
        // A heading wrapped alone (with buttons or icons) looks past its wrapper, up to three levels.
        for _ in 0..<3 {
            guard let parent = document.parent(anchor) else { break }
            let siblings = document.children(parent).filter { !document.name($0).isEmpty }
            guard siblings.last == anchor, parent != 0 else { break }
            anchor = parent
        }
        guard let parent = document.parent(anchor) else { return [] }
        let siblings = document.children(parent).filter { !document.name($0).isEmpty || !document.nodes[$0].text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard let start = siblings.firstIndex(of: anchor) else { return [] }
        var content: [Int] = []
        var foundLines = false
        for sibling in siblings[(start + 1)...] {
            let name = document.name(sibling)
            if HTMLDocument.headings.contains(name) {
                let otherLevel = Int(String(name.dropFirst())) ?? 6
                let section = sectionName(document.text(sibling, maximumCharacters: 200))
                if ingredientHeadings.contains(section) || instructionHeadings.contains(section) || notesHeadings.contains(section) { break }
                // A group's heading ("For the sauce") at the section's own level, followed by measured
                // lines, is part of the section; any other heading at that level ends it.
                if foundLines, otherLevel <= level, !isGroupHeading(sibling, among: siblings, in: document) { break }
                continue
            }
            if !name.isEmpty, stops.contains(sibling) { break }
            if isSectionLabel(sibling, in: document) {
                let section = sectionName(document.text(sibling, maximumCharacters: 200))
                if ingredientHeadings.contains(section) || instructionHeadings.contains(section) || notesHeadings.contains(section) { break }
            }
            // The recipe's notes after its steps ("<p>Notes</p>", a notes container) are no steps.
            if isNotesLabel(sibling, in: document) || isNotesContainer(document.nodes[sibling]) { break }
            content.append(sibling)
            if !lines(of: [sibling], in: document, words: []).isEmpty { foundLines = true }
        }
        return content
    }

    /// Whether a heading names a group of ingredients: at most eight words, and the next element
    /// after it holds lines most of which start with an amount.
    static func isGroupHeading(_ heading: Int, among siblings: [Int], in document: HTMLDocument) -> Bool {
        guard document.text(heading, maximumCharacters: 200).split(separator: " ").count <= 8,
              let at = siblings.firstIndex(of: heading),
              let next = siblings[(at + 1)...].first(where: { !document.name($0).isEmpty }) else { return false }
        let lines = lines(of: [next], in: document, words: [])
        guard lines.count >= 1 else { return false }
        let measured = lines.filter { !AmountGrammar.splitLine($0).amount.isEmpty }.count
        return measured * 2 > lines.count
    }

    /// Words of a share menu's links: a list of them is no recipe's lines.
    static let shareWords: Set<String> = ["share", "pin", "pin it", "tweet", "email", "e-mail", "print", "facebook", "twitter", "pinterest", "whatsapp",
                                          "copy link", "reddit", "linkedin", "telegram", "messenger", "x", "mail", "save", "flipboard", "yummly", "teilen", "partager", "compartir", "condividi", "del", "dela", "megosztás"]

    /// A line that only names a share link ("Share on Facebook", "Pin it", "Email").
    static func isShareLabel(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        guard !lower.isEmpty, lower.split(separator: " ").count <= 4 else { return false }
        if shareWords.contains(lower) { return true }
        for prefix in ["share on ", "share via ", "share to ", "send via ", "post on ", "pin on ", "teilen auf ", "partager sur "] where lower.hasPrefix(prefix) { return true }
        return false
    }

    /// The lines of some elements: list items; else table rows; else elements whose class names a
    /// line; else paragraphs; else, for text between elements, its lines.
    static func lines(of elements: [Int], in document: HTMLDocument, words: [String]) -> [String] {
        let visible = visibleElements(elements, in: document)
        let roots = Set(elements)
        let items = visible.filter { document.name($0) == "li" }
        let topItems = items.filter { item in
            var current = document.parent(item)
            while let next = current, next != 0, !roots.contains(next) {
                if document.name(next) == "li" { return false }
                current = document.parent(next)
            }
            return true
        }
        // Unit tabs ("US" / "Metric") and scaling buttons ("1x") are controls, not lines.
        let listed = topItems.filter { item in
            let text = document.text(item, maximumCharacters: 40)
            return !isControlLabel(text) && !isShareLabel(text)
        }
        if !listed.isEmpty { return splitAtBreaks(listed, in: document) }
        let terms = visible.filter { ["dt", "dd"].contains(document.name($0)) }
        if terms.contains(where: { document.name($0) == "dd" }) { return definitionLines(terms, in: document) }
        let rows = outermost(visible.filter { document.name($0) == "tr" }, in: document)
        if !rows.isEmpty { return texts(rows, in: document) }
        let marked = outermost(visible.filter { node in
            ["div", "p"].contains(document.name(node)) && document.classes(node).contains { token in words.contains { token.hasSuffix($0) || token.hasSuffix($0 + "-item") } }
        }, in: document)
        if !marked.isEmpty { return texts(marked, in: document) }
        let paragraphs = outermost(visible.filter { document.name($0) == "p" && !isGroupName($0, in: document) }, in: document)
        // "<p>200 g flour<br>2 eggs<br>…</p>": a paragraph's lines, each a line of its own.
        if !paragraphs.isEmpty { return splitAtBreaks(paragraphs, in: document, always: true) }
        if let rows = repeatedRows(elements, visible: visible, in: document) { return texts(rows, in: document) }
        return []
    }

    /// The texts of some elements, an element with line breaks inside (`<br>`) split into its lines
    /// when `always` (paragraphs), or when most of its lines start with an amount ("2 eggs<br>100 g
    /// sugar" glued in one list item); a line that is only an amount joins the line after it.
    static func splitAtBreaks(_ nodes: [Int], in document: HTMLDocument, always: Bool = false) -> [String] {
        var result: [String] = []
        for node in nodes.prefix(ClippedRecipe.maximumLines + 1) {
            let parts = document.text(node, keepLines: true).split(separator: "\n").map { KitchenPageReader.cleanLine(String($0)) }.filter { !$0.isEmpty }
            guard parts.count > 1 else {
                let line = KitchenPageReader.cleanLine(document.text(node))
                if !line.isEmpty { result.append(line) }
                continue
            }
            let measured = parts.filter { !AmountGrammar.splitLine($0).amount.isEmpty }.count
            if always || measured >= 2 && measured * 3 >= parts.count * 2 {
                result += joiningLoneAmounts(parts)
            } else {
                result.append(KitchenPageReader.cleanLine(document.text(node)))
            }
        }
        return result
    }

    /// Lines where a line that is only an amount ("2", "1 ½ cups") is joined to the next line.
    static func joiningLoneAmounts(_ lines: [String]) -> [String] {
        var result: [String] = []
        var pending: String?
        for line in lines {
            if let amount = pending {
                result.append(amount + " " + line)
                pending = nil
            } else if isLoneAmount(line) {
                pending = line
            } else {
                result.append(line)
            }
        }
        if let amount = pending { result.append(amount) }
        return result
    }

    /// "2", "1 ½", "200 g", "2 cups": an amount with nothing after it.
    static func isLoneAmount(_ line: String) -> Bool {
        let (amount, rest) = AmountGrammar.splitLine(line)
        return !amount.isEmpty && rest.isEmpty && line.count <= 20
    }

    /// "US", "Metric", "Imperial", "1x", "2x": the labels of a recipe card's unit tabs and scaling
    /// buttons, which some plugins write as list items.
    static func isControlLabel(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        return ["us", "metric", "imperial", "us customary", "us cups", "original", "½x", "1/2x", "1x", "2x", "3x", "4x"].contains(lower)
    }

    /// A definition list's lines: each term with its definitions ("250 g" | "Mehl" → "250 g Mehl").
    static func definitionLines(_ terms: [Int], in document: HTMLDocument) -> [String] {
        var lines: [String] = []
        var term: String?
        for element in terms.prefix(2 * ClippedRecipe.maximumLines + 2) {
            let text = KitchenPageReader.cleanLine(document.text(element))
            if document.name(element) == "dt" {
                if let pending = term, !pending.isEmpty { lines.append(pending) }
                term = text
            } else {
                lines.append([term, text].compactMap { $0?.nilIfEmpty }.joined(separator: " "))
                term = nil
            }
        }
        if let pending = term, !pending.isEmpty { lines.append(pending) }
        return lines.filter { !$0.isEmpty }
    }

    /// A grid of `div`s: at least two sibling elements of one name and class, each a short line of
    /// text (a row's cells joined: "1 kg" | "hovězí svíčkové" → "1 kg hovězí svíčkové"). The
    /// section's own elements when they are such rows, else the first such run inside them.
    static func repeatedRows(_ roots: [Int], visible: [Int], in document: HTMLDocument) -> [Int]? {
        func key(_ element: Int) -> String { document.name(element) + "." + (document.attribute("class", of: element) ?? "") }
        func isRun(_ run: [Int]) -> Bool {
            guard run.count >= 2, let first = run.first, ["div", "span", "section"].contains(document.name(first)) else { return false }
            return run.allSatisfy { key($0) == key(first) && !document.text($0, maximumCharacters: 2_000).isEmpty }
        }
        let shown = roots.filter { !document.name($0).isEmpty && !isHiddenOrUnread($0, in: document) }
        if isRun(shown) { return shown }
        let inside = Set(visible)
        for element in visible {
            let children = document.children(element).filter { !document.name($0).isEmpty && inside.contains($0) }
            if isRun(children) { return children }
        }
        return nil
    }

    /// The elements not inside another of them: a line nested in a line is part of its text already.
    static func outermost(_ elements: [Int], in document: HTMLDocument) -> [Int] {
        let all = Set(elements)
        return elements.filter { !document.hasAncestor(of: $0, in: all) }
    }

    /// Some elements and everything in them, in page order, leaving out what a reader does not see
    /// (hidden, screen-reader-only, scripts, buttons) and anything inside it.
    static func visibleElements(_ roots: [Int], in document: HTMLDocument) -> [Int] {
        var found: [Int] = []
        for root in roots where !document.name(root).isEmpty && !isHiddenOrUnread(root, in: document) {
            var pending = [root]
            while let next = pending.popLast() {
                let item = document.nodes[next]
                guard !item.name.isEmpty, next == root || !(HTMLDocument.isHidden(item) || HTMLDocument.unread.contains(item.name) || isShareMenu(item) || isNotesContainer(item)) else { continue }
                // A notes label inside a section ("Notes" after the steps in one wrapper) ends it.
                if next != root, isNotesLabel(next, in: document) { break }
                found.append(next)
                pending.append(contentsOf: item.children.reversed())
            }
        }
        return found
    }

    /// A share menu's wrapper: a class or id naming sharing or social links.
    static func isShareMenu(_ node: HTMLDocument.Node) -> Bool {
        guard namesHold(node, ["share", "social"]) else { return false }
        let text = ((node.attributes["class"] ?? "") + " " + (node.attributes["id"] ?? "")).lowercased()
        return text.split(whereSeparator: \.isWhitespace).contains { token in
            (token.contains("share") || token.contains("social") || token.contains("sharing")) && !token.contains("shared")
        }
    }

    static func isHiddenOrUnread(_ node: Int, in document: HTMLDocument) -> Bool {
        var current: Int? = node
        while let next = current, next != 0 {
            let item = document.nodes[next]
            if HTMLDocument.isHidden(item) || HTMLDocument.unread.contains(item.name) { return true }
            current = item.parent
        }
        return false
    }

    /// The lines' texts; past `ClippedRecipe.maximumLines` (and one more, to tell that there were
    /// more) none is read.
    static func texts(_ nodes: [Int], in document: HTMLDocument) -> [String] {
        nodes.prefix(ClippedRecipe.maximumLines + 1).map { KitchenPageReader.cleanLine(document.text($0)) }.filter { !$0.isEmpty }
    }

    /// A paragraph whose words are all bold ("<p><strong>For the sauce</strong></p>") names a group.
    static func isGroupName(_ paragraph: Int, in document: HTMLDocument) -> Bool {
        let children = document.children(paragraph).filter { !document.name($0).isEmpty || !document.nodes[$0].text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        return children.count == 1 && ["strong", "b", "em", "i", "u"].contains(document.name(children[0]))
    }

    // MARK: Times and servings

    /// Words for minutes and hours in the languages of `instructionHeadings`, as the duration reader knows them.
    static let durationWords: [String: String] = [
        "minutos": "minutes", "minuten": "minutes", "minuti": "minutes", "minuto": "minute", "minute": "minute",
        "horas": "hours", "hora": "hour", "heures": "hours", "heure": "hour", "stunden": "hours", "stunde": "hour", "ore": "hours", "std": "h",
        "minuter": "minutes", "minutter": "minutes", "minut": "minutes", "minuty": "minutes", "perc": "minutes", "dakika": "minutes", "min.": "min",
        "timmar": "hours", "timme": "hour", "timer": "hours", "time": "hour", "godz": "h", "godziny": "hours", "godzin": "hours", "hodin": "hours", "hodiny": "hours", "hodina": "hour", "óra": "hours", "saat": "hours",
    ]

    /// Labels that end a time's value on a line that holds several: "Total time", "Serves".
    static let otherTimeLabels = ["total time", "total", "servings", "serves", "yield", "ready in", "gesamtzeit", "temps total", "tiempo total"]

    static func labelledTime(_ labels: [String], in lines: [String]) -> String? {
        let allLabels = prepLabels + cookLabels
        for (index, fullLine) in lines.enumerated() {
            var line = fullLine
            var lower = line.lowercased()
            // Only a line that starts with a time's label can hold one (most of a page's lines do
            // not: passed over before a label's ":" and " " forms are made for each).
            guard allLabels.contains(where: { lower.hasPrefix($0) }) else { continue }
            // A details line that starts with one time's label may hold this one later, joined
            // with no space ("Prep Time 10 minutesCook Time 25 minutes").
            if !labels.contains(where: { lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + " ") }),
               allLabels.contains(where: { lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + " ") }),
               let found = labels.compactMap({ label in lower.range(of: label + " ").map { ($0.lowerBound, label) } }).filter({ $0.0 != lower.startIndex }).min(by: { $0.0 < $1.0 }) {
                let offset = lower.distance(from: lower.startIndex, to: found.0)
                line = String(line.dropFirst(offset))
                lower = line.lowercased()
            }
            guard let label = labels.first(where: { lower == $0 || lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + " ") }) else { continue }
            var rest = String(line.dropFirst(label.count))
            // "Prep Time 10 minutes Cook Time 25 minutes" on one line: this label's value ends where another label begins.
            let lowerRest = rest.lowercased()
            // (Inline elements join with no space: "10 minutesCook Time 25 minutes".)
            let afterValue = lowerRest.firstIndex(where: \.isNumber) ?? lowerRest.endIndex
            if let cut = (prepLabels + cookLabels + otherTimeLabels).compactMap({ label in
                [label + " ", label + ":"].compactMap { lowerRest.range(of: $0, range: afterValue..<lowerRest.endIndex)?.lowerBound }.min()
            }).min() {
                rest = String(rest.prefix(lowerRest.distance(from: lowerRest.startIndex, to: cut)))
            }
            // The label with its value on the same line, or the value on the next lines ("30" / "minutes").
            let candidates = [rest, ([rest] + lines[(index + 1)..<min(lines.count, index + 3)]).joined(separator: " ")]
            for candidate in candidates {
                let words = candidate.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == ":" }).map { durationWords[String($0)] ?? String($0) }
                guard let first = words.first, first.first?.isNumber == true else { continue }
                if let seconds = KitchenDuration.seconds(in: words.joined(separator: " ")), seconds >= 60 { return KitchenDuration.text(seconds) }
            }
        }
        return nil
    }

    /// The first line that reads as a yield ("Serves 4", "Servings: 4", "Makes 12 servings",
    /// "Für 4 Personen"; `KitchenYieldReader`).
    static func servings(in lines: [String]) -> KitchenYieldReader.Servings? {
        lines.lazy.compactMap(KitchenYieldReader.range(inLine:)).first
    }
}
