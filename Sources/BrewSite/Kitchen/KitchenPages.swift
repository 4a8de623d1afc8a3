import BrewKit
import Foundation

/// The kitchen's pages (issue 14): the recipe grid with its category, favourites and archive
/// pages, a page per recipe, cook mode and a printable card per recipe, and the search index.
///
/// Paths: `kitchen/index`, `kitchen/favourites`, `kitchen/<category>`, `kitchen/archive`,
/// `kitchen/recipes/<id>`, `kitchen/cook/<id>` (recipes with steps), `kitchen/cards/<id>`.
/// The list pages exist even when empty, so the site's links never break; archived recipes
/// are listed only on the archive page (MOD/SYS/013) but keep their recipe page.
public struct KitchenPages: Sendable {
    /// Every kitchen recipe, by title then id.
    let recipes: [KitchenRecipe]
    /// Indices into `recipes` of those with steps (they have a cook-mode page).
    let cookable: [Int]
    /// `kitchen.units`; nil shows each amount in the system it was written in.
    let units: KitchenUnits?
    let preferenceCardServings: [Int]
    let inbox: [KitchenInboxEntry]
    /// The thumbnail files found in the data directory (`Dataset.kitchenImages`): their path in
    /// the data directory and the site, to the real path the build copies them from.
    let images: [String: String]
    /// Each recipe's cook logs (`kitchen/cooked.json`), by recipe id; set by `SitePlan`.
    var cooks: [String: CookHistory] = [:]
    /// Each recipe's card, made once for the build and shared by the lists that show it.
    let cards = KitchenCardMemo()

    /// The list pages, in order: all, favourites, the four categories, the archive, and every
    /// recipe of the index by when it was last cooked (the index's other order).
    enum List: Hashable, Sendable {
        case all, favourites, category(KitchenCategory), archive, lastCooked

        static let every: [List] = filters + [.lastCooked]
        /// The lists that choose recipes (the chips); `lastCooked` orders the index's instead.
        static let filters: [List] = [.all, .favourites] + KitchenCategory.allCases.map(List.category) + [.archive]

        var path: String {
            switch self {
            case .all: "kitchen/index"
            case .favourites: "kitchen/favourites"
            case .category(let category): "kitchen/\(category.slug)"
            case .archive: "kitchen/archive"
            case .lastCooked: "kitchen/last-cooked"
            }
        }

        var label: String {
            switch self {
            case .all: "All"
            case .favourites: "Favourites"
            case .category(let category): category.rawValue
            case .archive: "Archive"
            case .lastCooked: "Last cooked"
            }
        }

        func includes(_ recipe: KitchenRecipe) -> Bool {
            switch self {
            case .all, .lastCooked: !recipe.isArchived
            case .favourites: !recipe.isArchived && recipe.isFavourite
            case .category(let category): !recipe.isArchived && recipe.category == category
            case .archive: recipe.isArchived
            }
        }
    }

    public init(_ dataset: Dataset) {
        // By Foundation's locale-aware title order, which a thousand recipes call ten thousand
        // times in a plain sort: guessed by a cheap key and checked once per neighbour (`GuidedSort`).
        let sorted = GuidedSort.sorted(dataset.kitchenRecipes.map(\.value), by: { a, b in
            let order = a.title.localizedStandardCompare(b.title)
            return order != .orderedSame ? order == .orderedAscending : a.id < b.id
        }, guessedBy: { GuidedSort.naturalKey($0.title) })
        recipes = sorted
        cookable = sorted.indices.filter { sorted[$0].steps.contains { !$0.isHeading } }
        units = dataset.preferences?.value.kitchenUnits
        preferenceCardServings = dataset.preferences?.value.kitchenCardServings ?? []
        inbox = dataset.kitchenInbox.map(\.value)
        images = dataset.kitchenImages
    }

    /// Where a recipe's picture is, for a page at `root`: the site's copy of its file; nil without
    /// a thumbnail, when the file was not found (`check` warns), or for a photo on the web: a
    /// private journal never hotlinks, so no page view asks a recipe site for anything (issue 51);
    /// the placeholder shows instead, and `kitchen clip` saves a page's photo into the data.
    /// With `grid`, the photo's small copy (`KitchenThumbnail.gridPath`) when the data directory has one.
    func thumbnailLink(_ recipe: KitchenRecipe, root: String, grid: Bool = false) -> String? {
        switch recipe.thumbnail.flatMap(KitchenThumbnail.init) {
        case .web?: nil
        case .file(let path)? where grid && images[KitchenThumbnail.gridPath(for: path)] != nil:
            KitchenThumbnail.link(toFile: KitchenThumbnail.gridPath(for: path), root: root)
        case .file(let path)? where images[path] != nil: KitchenThumbnail.link(toFile: path, root: root)
        case .file?, nil: nil
        }
    }

    /// The image files the site copies, by their path in the site, to the real path to read.
    public var imageFiles: [String: String] { images }

    var count: Int { recipes.count }

    public static let searchIndexPath = "kitchen/search-index.js"

    // MARK: Pages

    func listPage(_ list: List) -> Page {
        if list == .lastCooked { return lastCookedPage() }
        let shownIndices = recipes.indices.filter { list.includes(recipes[$0]) }
        let shown = shownIndices.map { recipes[$0] }
        let root = Page.rootPrefix(of: list.path)
        let archivedCount = recipes.filter(\.isArchived).count
        var context: [String: Any] = [
            "title": list == .all ? "Kitchen" : (list == .archive ? "Archived recipes" : "Kitchen: \(list.label)"),
            "count": String(shown.count),
            "isArchive": list == .archive,
            "isEmpty": shown.isEmpty,
            "isAll": list == .all,
            "archivedCount": String(archivedCount),
        ]
        context["noun"] = shown.count == 1 ? "recipe" : "recipes"
        if list == .all {
            // The index, by last cooked: the ten recipes cooked last, latest first (cook logs).
            let cooked = shown.compactMap { recipe in cooks[recipe.id]?.last.map { (recipe, $0, cooks[recipe.id]!.count) } }
                .sorted { ($0.1.cookedAt, $0.0.id) > ($1.1.cookedAt, $1.0.id) }.prefix(10)
            context["hasRecentlyCooked"] = !cooked.isEmpty
            context["recentlyCooked"] = cooked.map { recipe, last, count -> [String: Any] in
                ["id": recipe.id, "title": recipe.title, "last": Self.shortDay(last.day), "times": count == 1 ? "made once" : "made \(count) times"]
            }
        }
        let fragments: [String: PageFragment] = [
            "chips": KitchenHTML.chips(current: list, archivedCount: archivedCount),
            "order": list == .all ? KitchenHTML.order(current: list) : PageFragment(html: "", markdown: ""),
            "grid": KitchenHTML.grid(cards.cards(shownIndices) { KitchenHTML.card(recipes[$0], thumbnail: thumbnailLink(recipes[$0], root: root, grid: true)) },
                                     showSearch: list != .archive),
            "inbox": list == .all ? KitchenHTML.inbox(inbox, recipeIDs: Set(recipes.map(\.id))) : PageFragment(html: "", markdown: ""),
        ]
        let head = "<script src=\"\(root)\(Self.searchIndexPath)\"></script>\n" + KitchenScript.tag(KitchenScript.searchAsset, root: root)
        return Page(path: list.path, title: context["title"] as? String ?? "Kitchen", template: "kitchen-index", context: context, headHTML: head, fragments: fragments)
    }

    /// The index's recipes by when each was last cooked (cook logs), latest first, with how often;
    /// then those never cooked, by title, under a heading that says so. A plain list, so the order
    /// needs no script; the index links here and back (`KitchenHTML.order`).
    func lastCookedPage() -> Page {
        let list = List.lastCooked
        let shown = recipes.filter(list.includes)
        let rows = lastCookedRows(shown)
        let cooked = rows.filter { $0.last != nil }
        let never = shown.count - cooked.count
        var context: [String: Any] = [
            "title": "Kitchen: by last cooked",
            "count": String(shown.count),
            "noun": shown.count == 1 ? "recipe" : "recipes",
            "isEmpty": shown.isEmpty,
            "cookedCount": String(cooked.count),
            "neverCount": String(never),
        ]
        context["cooked"] = cooked.map { row -> [String: Any] in
            ["id": row.id, "title": row.title, "last": Self.shortDay(row.last!), "times": row.count == 1 ? "made once" : "made \(row.count) times"]
        }
        context["hasCooked"] = !cooked.isEmpty
        context["never"] = rows.filter { $0.last == nil }.map { ["id": $0.id, "title": $0.title] as [String: Any] }
        context["hasNever"] = never > 0
        let archivedCount = recipes.count { $0.isArchived }
        let fragments: [String: PageFragment] = [
            "chips": KitchenHTML.chips(current: list, archivedCount: archivedCount),
            "order": KitchenHTML.order(current: list),
        ]
        return Page(path: list.path, title: "Kitchen: by last cooked", template: "kitchen-last-cooked", context: context, fragments: fragments)
    }

    /// A recipe on the last-cooked page: the day it was last cooked (`yyyy-MM-dd`, nil when never)
    /// and how often.
    struct LastCookedRow: Equatable {
        var id: String, title: String, last: String?, count: Int
    }

    /// `recipes` (in title order) as the last-cooked page lists them: cooked ones by their last
    /// cook, latest first (the moment, then the id); never-cooked ones after, in title order.
    func lastCookedRows(_ recipes: [KitchenRecipe]) -> [LastCookedRow] {
        let cooked = recipes.compactMap { recipe -> (KitchenRecipe, CookLog, Int)? in
            guard let history = cooks[recipe.id], let last = history.last else { return nil }
            return (recipe, last, history.count)
        }.sorted { ($0.1.cookedAt, $0.0.id) > ($1.1.cookedAt, $1.0.id) }
        return cooked.map { LastCookedRow(id: $0.0.id, title: $0.0.title, last: $0.1.day, count: $0.2) }
            + recipes.filter { cooks[$0.id]?.last == nil }.map { LastCookedRow(id: $0.id, title: $0.title, last: nil, count: 0) }
    }

    func recipePage(_ index: Int) -> Page {
        let recipe = recipes[index]
        let path = "kitchen/recipes/\(recipe.id)"
        var context: [String: Any] = [
            "id": recipe.id,
            "title": recipe.title,
            // A heading has no number: the template shows it as a heading between the numbered steps.
            "steps": recipe.steps.numbered.map { step, number in
                ["number": number.map(String.init) ?? "", "text": step.text, "isHeading": step.isHeading] as [String: Any]
            },
            "hasSteps": !recipe.steps.isEmpty,
            "caption": recipe.caption ?? "",
            "hasCaption": !(recipe.caption ?? "").isEmpty,
            "notes": recipe.notes ?? "",
            "hasNotes": !(recipe.notes ?? "").isEmpty,
            "isArchived": recipe.isArchived,
        ]
        context.merge(cookContext(recipe.id, root: Page.rootPrefix(of: path))) { a, _ in a }
        let servings = tableServings(recipe)
        let fragments: [String: PageFragment] = [
            "meta": KitchenHTML.meta(recipe, thumbnail: thumbnailLink(recipe, root: Page.rootPrefix(of: path))),
            "start": KitchenHTML.start(recipe),
            "ingredients": KitchenHTML.ingredients(recipe, units: units),
            "actions": KitchenHTML.actions(recipe),
            "nutrition": KitchenHTML.nutrition(recipe),
            "scaling": KitchenHTML.scalingTable(recipe, factors: servings, units: units),
        ]
        return Page(path: path, title: recipe.title, template: "kitchen-recipe", context: context,
                    headHTML: KitchenJSONLD.script(for: recipe, units: units) + KitchenServingsData.head(for: recipe, units: units, root: Page.rootPrefix(of: path)),
                    fragments: fragments)
    }

    /// "Made 4 times, last on 12 Nov 2026", the average rating, and each cook (latest first) with
    /// its rating, note and photo; nothing when the recipe was never cooked. A rating not given is
    /// left out, and so is a photo whose file was not found (`check` warns).
    func cookContext(_ id: String, root: String = "../../") -> [String: Any] {
        guard let history = cooks[id], let last = history.last else { return [:] }
        var made = "Made \(history.count == 1 ? "once" : "\(history.count) times"), last on \(Self.shortDay(last.day))"
        if let average = history.averageRating { made += " · rated \(Format.number(average, decimals: 1)) of 5 on average" }
        return [
            "made": made,
            "cooks": history.logs.map { log -> [String: Any] in
                var row: [String: Any] = ["day": Self.shortDay(log.day)]
                if let rating = log.rating { row["rating"] = "\(rating)/5" }
                if let servings = log.servings { row["servings"] = "\(Format.number(servings)) servings" }
                if let note = log.note, !note.isEmpty { row["note"] = note }
                if let text = log.photo, case .file(let path)? = KitchenThumbnail(text), images[path] != nil {
                    row["photo"] = KitchenThumbnail.link(toFile: path, root: root)
                }
                return row
            },
        ]
    }

    /// "12 Nov 2026" for "2026-11-12".
    static func shortDay(_ day: String) -> String {
        let parts = day.split(separator: "-")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let dayNumber = Int(parts[2]) else { return day }
        return "\(dayNumber) \(months[month - 1]) \(parts[0])"
    }

    func cookPage(_ cookIndex: Int) -> Page {
        let recipe = recipes[cookable[cookIndex]]
        let context: [String: Any] = ["id": recipe.id, "title": recipe.title]
        return Page(path: "kitchen/cook/\(recipe.id)", title: "\(recipe.title) — cook mode", template: "kitchen-cook", context: context,
                    headHTML: KitchenScript.tag(KitchenScript.cookAsset, root: Page.rootPrefix(of: "kitchen/cook/\(recipe.id)"))
                        + KitchenServingsData.head(for: recipe, units: units, root: Page.rootPrefix(of: "kitchen/cook/\(recipe.id)")),
                    fragments: ["cook": KitchenHTML.cook(recipe, units: units)])
    }

    func cardPage(_ index: Int) -> Page {
        let recipe = recipes[index]
        let context: [String: Any] = ["id": recipe.id, "title": recipe.title]
        return Page(path: "kitchen/cards/\(recipe.id)", title: "\(recipe.title) — kitchen card", template: "kitchen-card", context: context,
                    fragments: ["card": KitchenHTML.card(recipe, units: units)])
    }

    /// What a recipe's card on the lists is made from (`KitchenHTML.card`): stored fields only,
    /// so comparing them is cheap.
    struct CardFields: Equatable {
        var id: String, title: String, category: KitchenCategory, isFavourite: Bool
        var prepTime: String?, cookTime: String?, servings: Int, nutrition: KitchenNutrition?
        var thumbnail: String?
    }

    /// Everything a list page shows but its fixed words, to tell which lists a change touches
    /// (`SiteChanges`): the cards in order (their count with them), the archive's count on the
    /// chips, on the index the inbox with the recipes it links to, and on the last-cooked page
    /// its rows instead of cards. The planner's links are
    /// decided by `SitePlan` and compared there.
    struct ListSignature: Equatable {
        var cards: [CardFields]
        var archivedCount: Int
        var inbox: [KitchenInboxEntry] = []
        var inboxLinks: [Bool] = []
        /// The last-cooked page's rows, in order (only for that page).
        var lastCooked: [LastCookedRow] = []
    }

    func signature(of list: List) -> ListSignature {
        if list == .lastCooked {
            // No cards there: each recipe's title and link by its last cook, and the chips' count.
            return ListSignature(cards: [], archivedCount: recipes.count { $0.isArchived }, lastCooked: lastCookedRows(recipes.filter(list.includes)))
        }
        let cards = recipes.filter(list.includes).map { recipe in
            CardFields(id: recipe.id, title: recipe.title, category: recipe.category, isFavourite: recipe.isFavourite,
                       prepTime: recipe.prepTime, cookTime: recipe.cookTime, servings: recipe.servings, nutrition: recipe.nutrition,
                       thumbnail: thumbnailLink(recipe, root: "", grid: true))
        }
        var signature = ListSignature(cards: cards, archivedCount: recipes.count { $0.isArchived })
        if list == .all, !inbox.isEmpty {
            let ids = Set(recipes.map(\.id))
            signature.inbox = inbox
            signature.inboxLinks = inbox.map { $0.recipeId.map(ids.contains) ?? false }
        }
        return signature
    }

    /// The columns of a recipe's scaling table: ½×, 1×, 2×, then the recipe's and the
    /// preferences' `cardServings` not already shown, as factors with their labels.
    func tableServings(_ recipe: KitchenRecipe) -> [(label: String, factor: Double)] {
        let base = recipe.servings
        func servings(_ value: Double) -> String {
            let text = Format.number(value, decimals: 1)
            return value == 1 ? "1 serving" : "\(text) servings"
        }
        var columns: [(String, Double)] = [
            ("½× (\(servings(Double(base) / 2)))", 0.5), ("1× (\(servings(Double(base))))", 1), ("2× (\(servings(Double(base) * 2)))", 2),
        ]
        var shown: Set<Double> = [Double(base) / 2, Double(base), Double(base) * 2]
        for extra in (recipe.cardServings + preferenceCardServings).sorted() where !shown.contains(Double(extra)) {
            shown.insert(Double(extra))
            columns.append((servings(Double(extra)), Double(extra) / Double(base)))
        }
        return columns
    }

    /// What the search box matches for a recipe: its title, category and ingredient names, in
    /// lower case without accents (as `kitchenFold` of assets/kitchen-search.js folds the query), so "lok" finds "Lök".
    static func searchText(of recipe: KitchenRecipe) -> String {
        let parts = [recipe.title, recipe.category.rawValue] + recipe.ingredients.map(\.name)
        // Folding ASCII is lower-casing it: only the separator goes through Foundation, once.
        if parts.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            return parts.map { $0.lowercased() }.joined(separator: foldedSeparator)
        }
        return parts.joined(separator: " · ").folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    }

    private static let foldedSeparator = " · ".folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()

    /// `window.kitchenSearchIndex`: each recipe's id with its search text (`searchText(of:)`);
    /// loaded with a `<script src>` so it works from disk, where `fetch` is refused.
    ///
    /// Written as `JSONSerialization` writes it with `[.sortedKeys, .withoutEscapingSlashes]`
    /// (`JSONLDValue`'s strings), its keys in the order it sorts them (`jsonKeyOrder`).
    func searchIndexFile() -> OutputFile {
        var index: [String: String] = [:]
        for recipe in recipes {
            index[recipe.id] = Self.searchText(of: recipe)
        }
        return OutputFile(path: Self.searchIndexPath, text: "window.kitchenSearchIndex = \(HTMLEscaping.scriptSafeJSON(Self.searchIndexJSON(index)));\n")
    }

    /// The index as JSON, each id with its text.
    static func searchIndexJSON(_ index: [String: String]) -> String {
        var json = "{"
        for (position, id) in Self.jsonKeyOrder(Array(index.keys)).enumerated() {
            if position > 0 { json += "," }
            JSONLDValue.write(id, into: &json)
            json += ":"
            JSONLDValue.write(index[id]!, into: &json)
        }
        json += "}"
        return json
    }

    /// Keys in the order `JSONSerialization`'s `.sortedKeys` gives them on Linux: numeric,
    /// case-insensitive, forced (ties broken), in the system locale.
    static func jsonKeyOrder(_ keys: [String]) -> [String] {
        GuidedSort.sorted(keys, by: { a, b in
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system) == .orderedAscending
        }, guessedBy: GuidedSort.naturalKey)
    }
}
