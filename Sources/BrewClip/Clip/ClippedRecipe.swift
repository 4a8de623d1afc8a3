import BrewKit

/// What clipping read from a page, a caption or a URL, before it becomes a kitchen recipe.
public struct ClippedRecipe: Sendable, Equatable {
    public var title: String?
    public var image: String?
    public var sourceUrl: String?
    public var caption: String?
    public var prepTime: String?
    public var cookTime: String?
    /// The servings the page gives; nil when it gives none (the recipe is written for 1, and says so).
    public var servings: Int?
    /// The upper end when the page gives a range ("Serves 2 to 4": `servings` 2, `servingsUpTo` 4).
    public var servingsUpTo: Int?
    /// A group of ingredient lines ("For the sauce"): its name and the index of its first line.
    public struct IngredientGroup: Sendable, Equatable {
        public var startsAt: Int
        public var name: String
        public init(startsAt: Int, name: String) {
            self.startsAt = startsAt
            self.name = name
        }
    }
    /// The ingredient lines' groups, in order; written as group names (`isHeading`) in the list.
    public var ingredientGroups: [IngredientGroup] = []
    /// Choices made between the page's structured data and what it shows, in words, for `--verbose`.
    public var choices: [String] = []
    /// The page's `recipeCategory`, as written.
    public var category: String?
    /// Ingredient lines in the page's words.
    public var ingredientLines: [String] = []
    public var steps: [String] = []
    /// The steps that are section headings ("Make the marinade", a page's `HowToSection`), by
    /// their text; and, when written, a step of at most eight words ending in ":" ("For the sauce:").
    public var sectionHeadings: Set<String> = []
    /// Per serving, as schema.org gives it: each figure as given, unknown ones nil.
    public var nutritionPerServing: ServingNutrition?
    /// Where the values came from: `JSON-LD`, `microdata`, `OpenGraph`, `HTML lists`, `caption`.
    public var readFrom: [String] = []
    /// What was read and left out or repaired, in words ("the page's calories a serving … left out").
    public var warnings: [String] = []
    /// Keep every ingredient line and step (an import of the person's own recipes); clipping
    /// keeps the first `maximumLines` of a page.
    public var keepsEveryLine = false

    public init() {}

    /// Whether anything that makes a recipe was found: ingredients or steps.
    public var hasRecipe: Bool { !ingredientLines.isEmpty || !steps.isEmpty }

    /// The category: a page's `recipeCategory` mapped (breakfast/brunch → Breakfast, lunch → Lunch,
    /// dinner/main/entrée → Dinner, snack/appetizer/side/dessert/drink → Snack); Dinner otherwise.
    public static func category(from text: String?) -> KitchenCategory {
        guard let text = text?.lowercased() else { return .dinner }
        let rules: [(KitchenCategory, [String])] = [
            (.breakfast, ["breakfast", "brunch"]),
            (.lunch, ["lunch"]),
            (.dinner, ["dinner", "main", "entrée", "entree", "supper"]),
            (.snack, ["snack", "appetizer", "appetiser", "side", "dessert", "drink", "beverage", "starter"]),
        ]
        var best: (KitchenCategory, String.Index)?
        for (category, words) in rules {
            for word in words {
                if let range = text.range(of: word), best == nil || range.lowerBound < best!.1 { best = (category, range.lowerBound) }
            }
        }
        return best?.0 ?? .dinner
    }
}

extension ClippedRecipe {
    /// Takes from `other` only what this reading lacks: each empty field or list.
    mutating func fillGaps(from other: ClippedRecipe) {
        title = title ?? other.title
        image = image ?? other.image
        sourceUrl = sourceUrl ?? other.sourceUrl
        caption = caption ?? other.caption
        prepTime = prepTime ?? other.prepTime
        cookTime = cookTime ?? other.cookTime
        if servings == nil { servings = other.servings; servingsUpTo = other.servingsUpTo }
        category = category ?? other.category
        nutritionPerServing = nutritionPerServing ?? other.nutritionPerServing
        if ingredientLines.isEmpty { ingredientLines = other.ingredientLines; ingredientGroups = other.ingredientGroups }
        if steps.isEmpty { steps = other.steps; sectionHeadings = other.sectionHeadings }
    }
}
