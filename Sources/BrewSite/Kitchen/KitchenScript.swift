import BrewBuiltIns

/// The kitchen pages' scripts, which live as files under `Templates/assets/` (embedded in the
/// binary like the templates, and replaced by a file of the same name in a templates folder): the
/// pages name them, so the site's `assets/` carries them. Without script every page still works:
/// the grid shows all recipes, and cook mode reads as a list of steps with links between them.
enum KitchenScript {
    /// The kitchen lists' search box (`kitchenMatches` is its matcher: every word of the query, in
    /// any order, accents and case aside, in `KitchenPages.searchText(of:)`).
    static let searchAsset = "kitchen-search.js"
    /// The shopping page's checkboxes, kept in the browser (issue 26).
    static let shoppingAsset = "shopping.js"
    /// The shopping page's units choice (as written / metric / US), the one the recipe pages keep.
    static let shoppingUnitsAsset = "shopping-units.js"
    /// Cook mode (MOD/SYS/006): a step per screen, a timer per step (issue 26).
    static let cookAsset = "cook.js"

    /// The element a page's head names a script with, relative to the page's `root`.
    static func tag(_ asset: String, root: String) -> String {
        "<script src=\"\(root)assets/\(asset)\" defer></script>"
    }

    /// The built-in text of an asset (for tests and for reading; a site uses its template set's).
    static func builtIn(_ asset: String) -> String { BuiltInTemplates.files["assets/" + asset] ?? "" }
}
