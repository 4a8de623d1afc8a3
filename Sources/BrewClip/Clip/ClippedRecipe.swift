import BrewKit

/// What clipping read from a page, a caption or a URL, before it becomes a kitchen recipe.
public struct ClippedRecipe: Sendable, Equatable {
    public var title: String?
    public var image: String?
    public var sourceUrl: String?
    public var caption: String?
    /// The recipe card's notes block ("Notes", "Tips"), lines kept.
    public var notes: String?
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
    /// The page gives its nutrition for the whole dish (`servingSize` "1 recipe"), not a serving:
    /// written as it is, not multiplied by the servings.
    public var nutritionIsForWholeDish = false
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
    /// dinner/main/entrée → Dinner, snack/appetizer/side/dessert/drink/cookies/cake → Snack), in
    /// English and the languages clipping reads (German "Frühstück", Italian "Dolci", …), by the
    /// word that comes first; Dinner otherwise.
    public static func category(from text: String?) -> KitchenCategory {
        guard let text = text?.lowercased() else { return .dinner }
        let rules: [(KitchenCategory, [String])] = [
            (.breakfast, ["breakfast", "brunch", "frühstück", "fruehstueck", "colazione", "petit-déjeuner", "petit déjeuner", "desayuno",
                          "café da manhã", "pequeno-almoço", "ontbijt", "frukost", "morgenmad", "reggeli", "śniadanie", "snídaně", "kahvaltı"]),
            (.lunch, ["lunch", "mittagessen", "pranzo", "déjeuner", "almuerzo", "almoço", "ebéd", "obiad", "oběd", "lounas"]),
            (.dinner, ["dinner", "main", "entrée", "entree", "supper", "abendessen", "hauptgericht", "hauptspeise", "cena", "secondi", "primi",
                       "dîner", "plat principal", "plato principal", "jantar", "prato principal", "hoofdgerecht", "diner", "middag", "huvudrätt",
                       "hovedret", "vacsora", "főétel", "kolacja", "danie główne", "večeře", "akşam yemeği", "ana yemek"]),
            (.snack, ["snack", "appetizer", "appetiser", "side", "dessert", "drink", "beverage", "starter",
                      "cookie", "cake", "biscuit", "baking", "brownie", "sweet", "treat", "candy", "confection", "pastry", "cocktail",
                      "nachtisch", "nachspeise", "vorspeise", "beilage", "kuchen", "gebäck", "kekse", "plätzchen", "getränk", "süß",
                      "dolci", "dolce", "antipast", "contorn", "bevand", "biscott", "torte",
                      "apéritif", "accompagnement", "boisson", "gâteau", "goûter",
                      "postre", "aperitivo", "entrante", "guarnición", "bebida", "merienda", "galleta",
                      "sobremesa", "petisco", "acompanhamento", "lanche", "bolo", "doce",
                      "nagerecht", "toetje", "voorgerecht", "bijgerecht", "koek", "gebak",
                      "efterrätt", "förrätt", "tillbehör", "kaka", "bakverk", "efterret", "forret", "tilbehør", "kage", "dessert",
                      "desszert", "előétel", "köret", "sütemény", "deser", "przystawka", "ciasto", "napój", "tatlı", "meze"]),
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
        notes = notes ?? other.notes
        prepTime = prepTime ?? other.prepTime
        cookTime = cookTime ?? other.cookTime
        if servings == nil { servings = other.servings; servingsUpTo = other.servingsUpTo }
        category = category ?? other.category
        if nutritionPerServing == nil { nutritionPerServing = other.nutritionPerServing; nutritionIsForWholeDish = other.nutritionIsForWholeDish }
        if ingredientLines.isEmpty { ingredientLines = other.ingredientLines; ingredientGroups = other.ingredientGroups }
        if steps.isEmpty { steps = other.steps; sectionHeadings = other.sectionHeadings }
    }
}
