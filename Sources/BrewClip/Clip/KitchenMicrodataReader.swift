/// schema.org `Recipe` items in a page's microdata (`itemscope itemtype=".../Recipe"`, `itemprop`)
/// or RDFa (`typeof="Recipe"`, `property`, with or without a `schema:` prefix), turned into the
/// same shape as JSON-LD so that one set of rules reads both.
///
/// A property's value is, as the microdata standard has it, the `content` attribute, else a
/// `meta`'s content, an `img`'s `src`, an `a`'s or `link`'s `href`, a `time`'s `datetime`, else
/// the element's text (with its line breaks for `recipeInstructions`). A property on an element
/// that is itself an item (`HowToStep`, `HowToSection`, `NutritionInformation`) is that item, as
/// an object with its `@type` and its own properties; properties of a nested item do not leak into
/// the recipe.
enum KitchenMicrodataReader {
    /// Every recipe item in the page, in page order.
    /// At most `maximumRecipes` (a page shows one or a few), each item built once however items nest.
    static func recipes(in document: HTMLDocument) -> [[String: Any]] {
        let scopes = document.descendants().lazy.filter { isItem($0, in: document) && KitchenPageReader.isType(type($0, in: document), "Recipe") }.prefix(maximumRecipes)
        var built: [Int: [String: Any]] = [:]
        return scopes.map { item($0, in: document, built: &built) }
    }

    static let maximumRecipes = 20

    /// The properties that hold an ingredient line: schema.org's and the older names.
    static let ingredientProperties: Set<String> = ["recipeingredient", "ingredients", "ingredient"]

    static func isItem(_ node: Int, in document: HTMLDocument) -> Bool {
        document.attribute("itemscope", of: node) != nil || document.attribute("typeof", of: node) != nil
    }

    /// The item's types' last path parts ("https://schema.org/Recipe" → "Recipe").
    static func type(_ node: Int, in document: HTMLDocument) -> [String] {
        let text = document.attribute("itemtype", of: node) ?? document.attribute("typeof", of: node) ?? ""
        return text.split(whereSeparator: \.isWhitespace).map { token in
            let name = token.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init) ?? ""
            return name
        }
    }

    /// The names of an element's properties, prefixes dropped ("schema:name" → "name").
    static func propertyNames(_ node: Int, in document: HTMLDocument) -> [String] {
        let text = document.attribute("itemprop", of: node) ?? document.attribute("property", of: node) ?? ""
        return text.split(whereSeparator: \.isWhitespace).compactMap { token in
            let name = token.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init)
            // OpenGraph's `og:title` and the like are not schema.org properties.
            return token.lowercased().hasPrefix("og:") || token.lowercased().hasPrefix("article:") ? nil : name
        }
    }

    /// An item's object; `built` keeps each item made, so that an item nested in several read
    /// items is made once.
    static func item(_ scope: Int, in document: HTMLDocument, built: inout [Int: [String: Any]]) -> [String: Any] {
        if let done = built[scope] { return done }
        // Values gathered in lists, appended in place (a page may repeat a property many times).
        var values: [String: [Any]] = [:]
        // Walk the scope's descendants, not entering nested items.
        var pending = Array(document.children(scope).reversed())
        while let node = pending.popLast() {
            guard !document.name(node).isEmpty else { continue }
            let names = propertyNames(node, in: document)
            let nested = isItem(node, in: document)
            if !names.isEmpty {
                // An ingredient written as an item of its own (data-vocabulary's `RecipeIngredient`
                // with `amount` and `name`) is its line as shown, not its `name` alone.
                let ingredient = names.contains { ingredientProperties.contains($0.lowercased()) }
                let keepLines = names.contains("recipeInstructions") || ingredient
                let value: Any = nested && !ingredient ? item(node, in: document, built: &built) : value(of: node, keepLines: keepLines, in: document)
                // Every ingredient property, in page order, under one name.
                for name in names { values[ingredientProperties.contains(name.lowercased()) ? "recipeIngredient" : name, default: []].append(value) }
            }
            if !nested && !names.contains(where: { ingredientProperties.contains($0.lowercased()) }) { pending.append(contentsOf: document.children(node).reversed()) }
        }
        var object: [String: Any] = values.mapValues { $0.count == 1 ? $0[0] : $0 as Any }
        object["@type"] = type(scope, in: document).first ?? "Thing"
        built[scope] = object
        return object
    }

    static func value(of node: Int, keepLines: Bool, in document: HTMLDocument) -> String {
        if let content = document.attribute("content", of: node) { return content }
        switch document.name(node) {
        case "meta": return ""
        case "img", "audio", "video", "source", "embed", "iframe": return document.attribute("src", of: node) ?? ""
        case "a", "area", "link": return document.attribute("href", of: node) ?? document.text(node)
        case "time": return document.attribute("datetime", of: node) ?? document.text(node)
        case "data", "meter": return document.attribute("value", of: node) ?? document.text(node)
        default: return document.text(node, keepLines: keepLines)
        }
    }
}
