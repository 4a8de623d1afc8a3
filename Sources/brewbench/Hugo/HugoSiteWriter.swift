import Foundation

/// The synthetic journal as a Hugo site: a page per log (front matter and the note as
/// Markdown), a page per recipe, the logs section and recipe section, and the taxonomies
/// by-recipe, by-month, by-rating and by-tag, lists paginated by 50 like brewguide's.
enum HugoSiteWriter {
    static let logsPerPage = 50

    static func files(for journal: SyntheticJournal) -> [GeneratedFile] {
        var files = [GeneratedFile(path: "config.toml", text: config)]
        files += HugoLayouts.files
        files.append(GeneratedFile(path: "content/_index.md", text: "---\ntitle: \"Brew journal\"\n---\n"))
        files.append(GeneratedFile(path: "content/logs/_index.md", text: "---\ntitle: \"All brews\"\n---\nEvery brew, newest first.\n"))
        files.append(GeneratedFile(path: "content/recipes/_index.md", text: "---\ntitle: \"Recipes\"\n---\n"))
        for recipe in journal.recipes {
            files.append(GeneratedFile(path: "content/recipes/\(recipe.id).md", text: page(recipe)))
        }
        for log in journal.logs {
            files.append(GeneratedFile(path: "content/logs/\(log.id).md", text: page(log)))
        }
        return files
    }

    static let config = """
        baseURL = "https://journal.example/"
        languageCode = "en"
        title = "Brew journal"
        paginate = \(logsPerPage)
        relativeURLs = true

        [taxonomies]
          recipe = "by-recipe"
          month = "by-month"
          rating = "by-rating"
          tag = "by-tag"

        """

    static func page(_ log: SyntheticLog) -> String {
        var lines = [
            "---",
            "title: \(quoted("\(log.recipeNameAtBrew), \(log.timestamp.iso8601.prefix(16).replacingOccurrences(of: "T", with: " "))"))",
            "date: \(log.timestamp.iso8601)",
            "recipeName: \(quoted(log.recipeNameAtBrew))",
        ]
        if let recipeId = log.recipeId { lines.append("recipeId: \(quoted(recipeId))") }
        lines += [
            "dose: \(JSONText.number(log.doseGrams))",
            "yield: \(JSONText.number(log.targetYieldGrams))",
            "temperature: \(JSONText.number(log.waterTemperatureCelsius))",
            "grind: \(quoted(log.grindLabel))",
            "rating: \(log.rating)",
        ]
        if let tag = log.tasteTag { lines.append("tasteTag: \(quoted(tag))") }
        if let recipeId = log.recipeId { lines.append("by-recipe: [\(quoted(recipeId))]") }
        lines.append("by-month: [\(quoted(log.timestamp.monthKey))]")
        lines.append("by-rating: [\(quoted(String(log.rating)))]")
        if let tag = log.tasteTag { lines.append("by-tag: [\(quoted(tag))]") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + (log.note.map { $0 + "\n" } ?? "")
    }

    static func page(_ recipe: SyntheticRecipe) -> String {
        var steps = JSONText.array(recipe.steps.map(DataDirectoryLayout.json)).rendered()
        steps.removeLast()
        return [
            "---",
            "title: \(quoted(recipe.name))",
            "recipeId: \(quoted(recipe.id))",
            "dose: \(JSONText.number(recipe.doseGrams))",
            "yield: \(JSONText.number(recipe.targetYieldGrams))",
            "temperature: \(JSONText.number(recipe.waterTemperatureCelsius))",
            "grind: \(quoted(recipe.grindLabel))",
            "grindDescriptor: \(quoted(recipe.grindDescriptor))",
            "steps: \(steps.replacingOccurrences(of: "\n", with: " "))",
            "---",
            recipe.isStarter ? "The starter recipe." : "A custom recipe.",
        ].joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted string (JSON's escapes are valid YAML).
    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONText.quote(text, into: &out)
        return out
    }
}
