import BrewData
import BrewKit
import Foundation

/// Clipping never refuses a recipe for a field it can mend (issue 25): what a page gives beyond
/// the bounds of a kitchen recipe is cut or left out here, each with a warning that names it, so
/// that the file written passes `check`.
extension ClippedRecipe {
    /// The longest prep or cook time text kept ("1 h 15 min", "about an hour"): longer is a
    /// paragraph, not a time.
    static let maximumTimeCharacters = 100
    /// The longest ingredient name kept; the rest of a longer one goes to its notes.
    static let maximumIngredientNameCharacters = 200
    /// The most ingredient lines, and the most steps, a recipe keeps: a page listing more is a
    /// list of something else (or a hostile page), and more would only cost time.
    public static let maximumLines = 1_000

    /// This reading with every field made to fit: control characters removed, the title cut at a
    /// word to 200 characters, empty steps and ingredient lines dropped, a caption or step beyond
    /// `KitchenRecipe.maximumTextCharacters` cut, a time, photo or address too long to be one left
    /// out. Each change adds a line to `warnings`.
    func repaired() -> ClippedRecipe {
        var result = self
        result.title = title.map { Self.cleaned($0, keepLines: false) }?.nilIfEmpty
        if let full = result.title, full.count > KitchenRecipe.maximumTitleLength {
            result.title = Self.cut(full, to: KitchenRecipe.maximumTitleLength)
            result.warnings.append("the title is \(full.count) characters long; cut at a word to \(result.title!.count) (at most \(KitchenRecipe.maximumTitleLength))")
        }
        if let text = caption.map({ Self.cleaned($0, keepLines: true) }) {
            result.caption = text.nilIfEmpty
            if text.count > KitchenRecipe.maximumTextCharacters {
                result.caption = Self.cut(text, to: KitchenRecipe.maximumTextCharacters)
                result.warnings.append("the caption is \(text.count) characters long; kept its first \(result.caption!.count)")
            }
        }
        if let text = notes.map({ Self.cleaned($0, keepLines: true) }) {
            result.notes = text.nilIfEmpty
            if text.count > KitchenRecipe.maximumTextCharacters {
                result.notes = Self.cut(text, to: KitchenRecipe.maximumTextCharacters)
                result.warnings.append("the notes are \(text.count) characters long; kept their first \(result.notes!.count)")
            }
        }
        var steps: [String] = []
        var emptySteps = 0
        var labels = 0
        var shareLinks = 0
        // (A person's own recipe, imported, keeps every line as written.)
        let (givenSteps, stepCopies) = keepsEveryLine ? (self.steps, 1) : Self.withoutRepeats(self.steps)
        if stepCopies > 1 { result.choices.append("the page gives every step \(stepCopies) times; kept each once") }
        for (index, step) in givenSteps.enumerated() {
            let text = Self.cleaned(step, keepLines: true)
            if text.isEmpty { emptySteps += 1; continue }
            // "Step 1" alone on a line only numbers the step after it.
            if KitchenPageReader.isStepLabel(text) { labels += 1; continue }
            // "Share on Facebook", "Pin it", "Email": a share menu's links, not steps.
            if KitchenHTMLRecipeReader.isShareLabel(text) { shareLinks += 1; continue }
            if text.count > KitchenRecipe.maximumTextCharacters {
                steps.append(Self.cut(text, to: KitchenRecipe.maximumTextCharacters))
                result.warnings.append("step \(index + 1) is \(text.count) characters long; kept its first \(steps.last!.count)")
            } else {
                steps.append(text)
            }
        }
        if emptySteps > 0 { result.warnings.append("\(emptySteps) empty step\(emptySteps == 1 ? "" : "s") left out") }
        if shareLinks > 0 { result.warnings.append("\(Format.count(shareLinks, "step")) that only name a share link (\"Share\", \"Pin it\") left out") }
        if labels > 0 { result.choices.append("\(labels) line\(labels == 1 ? "" : "s") that only number a step (\"Step 1\") left out") }
        let bound = keepsEveryLine ? Int.max : Self.maximumLines
        result.steps = Array(steps.prefix(bound))
        result.sectionHeadings = Set(sectionHeadings.map { Self.cleaned($0, keepLines: true) })
        // A short line ending in a colon, with a step after it, names the steps that follow.
        for (index, step) in result.steps.enumerated() where index + 1 < result.steps.count && Self.isLabel(step) {
            result.sectionHeadings.insert(step)
        }
        if steps.count > bound { result.warnings.append("the page has more than \(Self.maximumLines) steps; kept the first \(Self.maximumLines)") }
        // Empty lines go; a line that is a label ("For the sauce:", at most eight words, no amount,
        // lines after it) names a group; each group keeps its place among the lines that stay.
        var lines: [String] = []
        var groups: [IngredientGroup] = []
        var pendingGroups = ingredientGroups.sorted { $0.startsAt < $1.startsAt }[...]
        let given = ingredientLines.map { Self.cleaned($0, keepLines: false) }
        var (cleanedLines, copies) = keepsEveryLine ? (given, 1) : Self.withoutRepeats(given, sameNames: true)
        if copies > 1 {
            result.choices.append("the page lists its ingredients \(copies) times (one list per unit system); kept the first")
            pendingGroups = pendingGroups.filter { $0.startsAt < cleanedLines.count }[...]
        }
        cleanedLines = KitchenHTMLRecipeReader.joiningLoneAmounts(cleanedLines)
        for (index, line) in cleanedLines.enumerated() {
            while let group = pendingGroups.first, group.startsAt <= index {
                groups.append(IngredientGroup(startsAt: lines.count, name: Self.cleaned(group.name, keepLines: false)))
                pendingGroups = pendingGroups.dropFirst()
            }
            if line.isEmpty { continue }
            if Self.isLabel(line), index + 1 < cleanedLines.count, AmountGrammar.splitLine(line).amount.isEmpty {
                groups.append(IngredientGroup(startsAt: lines.count, name: String(line.dropLast()).trimmingCharacters(in: .whitespaces)))
                continue
            }
            // "For the sauce", "Für den Teig": a group's name among the lines, never bought.
            if Self.isGroupLine(line), index + 1 < cleanedLines.count {
                groups.append(IngredientGroup(startsAt: lines.count, name: line))
                continue
            }
            // "Ingredients (14)", "Ingredients": the section's own title repeated as a line.
            if KitchenHTMLRecipeReader.ingredientHeadings.contains(KitchenHTMLRecipeReader.sectionName(line)) { continue }
            lines.append(line)
        }
        // Of two names at one place the later stands (an empty group named nothing); a name after the last line goes.
        var placed: [IngredientGroup] = []
        // A group named as the whole section ("Ingredients (14)") or by a template's placeholder
        // ("Title", "step1") names no group.
        for group in groups where !group.name.isEmpty && group.startsAt < min(lines.count, bound) && !Self.isPlaceholderGroupName(group.name) {
            if placed.last?.startsAt == group.startsAt { placed.removeLast() }
            placed.append(group)
        }
        result.ingredientGroups = placed
        result.ingredientLines = Array(lines.prefix(bound))
        if lines.count > bound { result.warnings.append("the page has more than \(Self.maximumLines) ingredient lines; kept the first \(Self.maximumLines)") }
        for (name, keyPath) in [("prep time", \ClippedRecipe.prepTime), ("cook time", \ClippedRecipe.cookTime)] {
            guard let text = result[keyPath: keyPath].map({ Self.cleaned($0, keepLines: false) }) else { continue }
            result[keyPath: keyPath] = text.nilIfEmpty
            if text.count > Self.maximumTimeCharacters {
                result[keyPath: keyPath] = nil
                result.warnings.append("the \(name) \"\(text.prefix(40))…\" is \(text.count) characters long, not a time; left out")
            }
        }
        for (name, keyPath) in [("photo address", \ClippedRecipe.image), ("source address", \ClippedRecipe.sourceUrl)] {
            guard let text = result[keyPath: keyPath] else { continue }
            if text.count > FieldBounds.textCharacters || ShownText.firstForbiddenControl(in: text) != nil {
                result[keyPath: keyPath] = nil
                result.warnings.append("the \(name) is \(text.count) characters long (at most \(FieldBounds.textCharacters)) or holds control characters; left out")
            }
        }
        return result
    }

    /// Words that open a group's name ("For the sauce", "Für den Teig", "Pour la pâte", "Para la salsa").
    static let groupOpeners = ["for the ", "for ", "für den ", "für die ", "für das ", "für ", "pour la ", "pour le ", "pour les ", "pour ", "para la ", "para el ", "para o ", "para a ", "para ",
                               "per la ", "per il ", "per ", "voor de ", "voor het ", "voor ", "till ", "til ", "do ", "a ", "az "]

    /// "For the sauce", "For the topping": at most six words opening with a word of `groupOpeners`,
    /// no amount, no comma, no parenthesis.
    static func isGroupLine(_ line: String) -> Bool {
        let lower = line.lowercased()
        guard line.split(separator: " ").count <= 6, !line.contains(","), !line.contains("("), !KitchenPageReader.hasAmount(line),
              let opener = groupOpeners.first(where: { lower.hasPrefix($0) }), !["a ", "az ", "do "].contains(opener) else { return false }
        return lower.count > opener.count + 2
    }

    /// Placeholders a recipe template leaves ("Title", "Group name", "step1") and a section's own
    /// title ("Ingredients (14)").
    static func isPlaceholderGroupName(_ name: String) -> Bool {
        let lower = name.lowercased().trimmingCharacters(in: .whitespaces)
        if ["title", "name", "heading", "group", "group name", "group title", "section", "section title", "section name", "untitled", "header", "subtitle", "lorem ipsum"].contains(lower) { return true }
        if KitchenHTMLRecipeReader.ingredientHeadings.contains(KitchenHTMLRecipeReader.sectionName(lower)) { return true }
        // "step1", "group2", "section_3": a template's field name and number.
        if let digit = lower.firstIndex(where: \.isNumber), lower[digit...].allSatisfy(\.isNumber) {
            let word = lower[..<digit].trimmingCharacters(in: CharacterSet(charactersIn: " _-"))
            if ["step", "group", "section", "title", "heading", "item", "ingredient"].contains(word) { return true }
        }
        return false
    }

    /// Lines without a repeat of the whole list: "A B C A B C" (a list given twice or three times,
    /// once per unit tab) → "A B C", and "A A B B" → "A B"; with `sameNames`, copies that differ
    /// only in their amounts ("1 cup flour" / "125 g flour") count as one. The lines kept and how
    /// many copies there were (1 when none).
    static func withoutRepeats(_ lines: [String], sameNames: Bool = false) -> ([String], Int) {
        func key(_ line: String) -> String {
            let text = sameNames ? KitchenClipWriter.split(line).name : line
            return KitchenPageReader.folded(text)
        }
        guard lines.count >= 4 else { return (lines, 1) }
        let keys = lines.map(key)
        for copies in [3, 2] where lines.count % copies == 0 {
            let size = lines.count / copies
            guard size >= 2 else { continue }
            let same = (0..<size).filter { index in (1..<copies).allSatisfy { keys[$0 * size + index] == keys[index] } }.count
            // Every line, or (copies in other units, where a name may be written otherwise) four in five.
            if same == size || (sameNames && same * 5 >= size * 4 && lines[0] != lines[size]) { return (Array(lines.prefix(size)), copies) }
        }
        if lines.count % 2 == 0, stride(from: 0, to: lines.count, by: 2).allSatisfy({ lines[$0] == lines[$0 + 1] }) {
            return (stride(from: 0, to: lines.count, by: 2).map { lines[$0] }, 2)
        }
        return (lines, 1)
    }

    /// "For the sauce:", "Marinade:": at most eight words on one line, ending in a colon.
    static func isLabel(_ step: String) -> Bool {
        step.hasSuffix(":") && !step.contains("\n") && step.split(separator: " ").count <= 8
    }

    /// An ingredient's name and notes within their bounds: a name longer than
    /// `maximumIngredientNameCharacters` is cut at a word and the rest put before the notes.
    static func fitted(name: String, notes: String?) -> (name: String, notes: String?) {
        guard name.count > maximumIngredientNameCharacters else {
            return (name, notes.map { $0.count > KitchenRecipe.maximumTextCharacters ? cut($0, to: KitchenRecipe.maximumTextCharacters) : $0 })
        }
        let short = cut(name, to: maximumIngredientNameCharacters, ellipsis: false)
        let rest = String(name.dropFirst(short.count)).trimmingCharacters(in: .whitespaces)
        let joined = [rest, notes].compactMap { $0?.nilIfEmpty }.joined(separator: ", ")
        return (short, joined.isEmpty ? nil : joined.count > KitchenRecipe.maximumTextCharacters ? cut(joined, to: KitchenRecipe.maximumTextCharacters) : joined)
    }

    /// Text without the control characters a record may not hold (line breaks and tabs stay
    /// where lines are kept), white space collapsed on each line.
    static func cleaned(_ text: String, keepLines: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                scalars.append(keepLines ? "\n" : " ")
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        let plain = String(scalars)
        guard keepLines else { return HTMLText.collapse(plain) }
        return plain.split(separator: "\n", omittingEmptySubsequences: false).map { HTMLText.collapse(String($0)) }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` cut to at most `limit` characters at the last space before the limit (or at the
    /// limit when a word is longer than a tenth of it), with "…" when `ellipsis`.
    static func cut(_ text: String, to limit: Int, ellipsis: Bool = true) -> String {
        guard text.count > limit else { return text }
        let room = ellipsis ? limit - 1 : limit
        var head = text.prefix(room)
        if let space = head.lastIndex(where: \.isWhitespace), head.distance(from: space, to: head.endIndex) < max(1, limit / 10) {
            head = head[..<space]
        }
        let trimmed = head.trimmingCharacters(in: .whitespacesAndNewlines)
        return ellipsis ? trimmed + "…" : trimmed
    }
}
