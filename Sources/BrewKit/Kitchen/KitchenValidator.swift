/// The rules of MOD/DATA/002 that the decoder does not already enforce by type:
/// safe and unique ids, a title of 1–200 characters, servings ≥ 1, an http(s) `sourceUrl`,
/// a thumbnail that is an http(s) URL or an image file's relative path (`KitchenThumbnail`), named
/// ingredients and steps with text. An amount the grammar cannot read is a warning that names it.
public struct KitchenValidator: Sendable {
    public init() {}

    public func diagnostics(for recipes: [Located<KitchenRecipe>]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByKey: [String: Located<KitchenRecipe>] = [:]
        for located in recipes {
            let recipe = located.value
            let source = located.source
            if let problem = RecordID.problem(with: recipe.id) {
                diagnostics.append(.error("kitchen recipe \(problem)", at: source.location(of: "id")))
            } else {
                let key = RecordID.fileKey(recipe.id)
                if let first = firstByKey[key] {
                    let how = first.value.id == recipe.id ? "is already used" : "differs only in case from \"\(first.value.id)\", and both would be the same file"
                    diagnostics.append(.error("kitchen recipe id \"\(recipe.id)\" \(how) (first at \(first.source.location(of: "id")))", at: source.location(of: "id")))
                } else {
                    firstByKey[key] = located
                }
            }
            diagnostics += self.diagnostics(for: located)
        }
        return diagnostics
    }

    /// The rules of one recipe.
    public func diagnostics(for located: Located<KitchenRecipe>) -> [Diagnostic] {
        let recipe = located.value
        let source = located.source
        var diagnostics: [Diagnostic] = []
        let title = recipe.title.trimmingWhitespace
        if title.isEmpty {
            diagnostics.append(.error("title is empty; a kitchen recipe needs a title", at: source.location(of: "title")))
        } else if recipe.title.count > KitchenRecipe.maximumTitleLength {
            diagnostics.append(.error("title is \(recipe.title.count) characters long; at most \(KitchenRecipe.maximumTitleLength) are allowed", at: source.location(of: "title")))
        }
        if recipe.servings < 1 || recipe.servings > 10_000 {
            diagnostics.append(.error("servings must be a whole number from 1 to 10000, found \(recipe.servings)", at: source.location(of: "servings")))
        }
        if let url = recipe.sourceUrl, !Self.isWebURL(url) {
            diagnostics.append(.error("sourceUrl must be an http or https URL such as https://example.com/recipe, found \"\(url.prefix(80))\"", at: source.location(of: "sourceUrl")))
        }
        if let thumbnail = recipe.thumbnail, !Self.isWebURL(thumbnail), let problem = KitchenThumbnail.problem(with: thumbnail) {
            diagnostics.append(.error("thumbnail \(problem)", at: source.location(of: "thumbnail")))
        }
        for (index, ingredient) in recipe.ingredients.enumerated() {
            let path = "ingredients[\(index)]"
            if ingredient.name.trimmingWhitespace.isEmpty {
                diagnostics.append(.error("\(path).name is empty; an ingredient needs a name", at: source.location(of: "\(path).name")))
            }
            if case .unreadable(let text) = ingredient.parsedAmount {
                diagnostics.append(.warning(
                    "\(path).amount \"\(text.prefix(60))\" of \"\(ingredient.name.prefix(40))\" cannot be read as a quantity (such as 500 g, 1½ cups, 2-3 cloves); it is shown as written and never scaled",
                    at: source.location(of: "\(path).amount")))
            }
        }
        for (index, step) in recipe.steps.enumerated() where step.text.trimmingWhitespace.isEmpty {
            diagnostics.append(.error("steps[\(index)].text is empty; a step needs an instruction", at: source.location(of: "steps[\(index)].text")))
        }
        return diagnostics
    }

    /// `http://` or `https://` followed by a host.
    public static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        for scheme in ["https://", "http://"] where lower.hasPrefix(scheme) {
            let rest = lower.dropFirst(scheme.count)
            guard let first = rest.first, first != "/", !rest.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" }) else { return false }
            return true
        }
        return false
    }

    /// A relative path with no `..`, no scheme and no leading slash.
    public static func isSafeRelativePath(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("/"), !text.contains(":"), !text.contains("\\") else { return false }
        return !text.split(separator: "/").contains("..") && !text.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" || $0 == " " })
    }
}
