import Foundation

/// A cooking recipe of the kitchen (ClipCook MOD/DATA/002), read from `kitchen/recipes/`.
/// `userId` and `aiMeta` of the seed are accepted on reading and not kept: the data directory
/// belongs to one person, and AI processing is not part of this tool.
public struct KitchenRecipe: Hashable, Sendable {
    public var id: String
    /// Required, at most `KitchenRecipe.maximumTitleLength` characters.
    public var title: String
    /// A photo URL or a path relative to the data directory.
    public var thumbnail: String?
    /// Where the recipe was clipped from: an http(s) URL.
    public var sourceUrl: String?
    public var sourcePlatform: KitchenSourcePlatform?
    /// The recipe's identity in the app it was imported from, `app:id` (`paprika:0E9F…`,
    /// `mealie:beef-stew`): `kitchen import` skips a recipe whose source id is already here.
    public var sourceId: String?
    /// The original post's caption or the text of the page it was clipped from.
    public var caption: String?
    /// The cook's notes on the recipe as a whole (a recipe card's "Notes": storage, swaps, tips),
    /// apart from the caption; at most `maximumTextCharacters`, lines kept (issue 50).
    public var notes: String?
    /// Display strings such as "10 min".
    public var prepTime: String?
    public var cookTime: String?
    /// The servings the amounts are written for: a whole number ≥ 1.
    public var servings: Int
    /// False when the source named no servings: `servings` is then 1, an assumption that pages
    /// and `kitchen clip` say out loud. Written to the file only when false.
    public var servingsGiven: Bool = true
    /// The upper end when the source gave a range ("Serves 2 to 4"): `servings` is its lower end,
    /// the base scaling takes; this is shown beside it ("2–4").
    public var servingsUpTo: Int?
    public var category: KitchenCategory
    public var ingredients: [KitchenIngredient]
    /// In `order` (1, 2, 3 … with no gaps).
    public var steps: [KitchenStep]
    /// For the whole recipe (all its servings).
    public var nutrition: KitchenNutrition?
    public var isArchived: Bool
    public var isFavourite: Bool
    public var createdAt: Date?
    public var updatedAt: Date?
    /// Extra servings to print a column for on the recipe page's scaling table.
    public var cardServings: [Int]

    public static let maximumTitleLength = 200
    /// The most characters a caption, a step's text or an ingredient's notes may hold: a long
    /// page's paragraph many times over (the product documents bound only the title).
    public static let maximumTextCharacters = 50_000

    public init(
        id: String, title: String, thumbnail: String? = nil, sourceUrl: String? = nil,
        sourcePlatform: KitchenSourcePlatform? = nil, caption: String? = nil,
        prepTime: String? = nil, cookTime: String? = nil, servings: Int = 1,
        category: KitchenCategory = .dinner, ingredients: [KitchenIngredient] = [],
        steps: [KitchenStep] = [], nutrition: KitchenNutrition? = nil,
        isArchived: Bool = false, isFavourite: Bool = false,
        createdAt: Date? = nil, updatedAt: Date? = nil, cardServings: [Int] = [],
        sourceId: String? = nil
    ) {
        self.id = id
        self.title = title
        self.thumbnail = thumbnail
        self.sourceUrl = sourceUrl
        self.sourcePlatform = sourcePlatform
        self.caption = caption
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.servings = servings
        self.category = category
        self.ingredients = ingredients
        self.steps = steps
        self.nutrition = nutrition
        self.isArchived = isArchived
        self.isFavourite = isFavourite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.cardServings = cardServings
        self.sourceId = sourceId
    }

    /// The servings as the recipe page shows them: "4", "2–4", or "not given (scaled as 1)".
    public var servingsShown: String {
        if !servingsGiven { return "not given (scaled as \(servings))" }
        if let upTo = servingsUpTo, upTo > servings { return "\(servings)–\(upTo)" }
        return String(servings)
    }

    /// What scaling assumes about the servings, in words, when the source did not give one plain
    /// number; nil when it did.
    public var servingsAssumption: String? {
        if !servingsGiven {
            return "The source gives no servings: the amounts are taken as written for \(servings == 1 ? "1 serving" : "\(servings) servings"), and scaling starts from that."
        }
        if let upTo = servingsUpTo, upTo > servings {
            return "The source says it serves \(servings) to \(upTo): scaling takes \(servings) as the base."
        }
        return nil
    }

    /// Nutrition for one serving: each value of the whole recipe ÷ servings, rounded to a whole number.
    public var nutritionPerServing: KitchenNutrition? {
        nutrition?.divided(by: servings)
    }
}

/// One ingredient line: the amount as written ("500g", "1½ cups", "to taste"), the name and notes.
public struct KitchenIngredient: Hashable, Sendable {
    public var id: String
    public var name: String
    /// As written; read by `AmountGrammar`. May be empty ("salt and pepper").
    public var amount: String {
        didSet { parsedAmount = AmountGrammar.parse(amount) }
    }
    public var notes: String?
    /// A group name in the list ("For the sauce"), not an ingredient: its name is the group's,
    /// its amount empty; pages show it as a heading over the lines after it, and it is never
    /// scaled, bought or matched in a step.
    public var isHeading: Bool = false
    /// The amount read by the grammar, once, when the amount is set: a page reads it for the
    /// list, the scaling table and the JSON-LD, and a build has thousands of them.
    public private(set) var parsedAmount: KitchenAmount

    public init(id: String, name: String, amount: String, notes: String? = nil) {
        self.id = id
        self.name = name
        self.amount = amount
        self.notes = notes
        self.parsedAmount = AmountGrammar.parse(amount)
    }

    /// A group name in the ingredient list ("For the sauce").
    public static func heading(id: String, name: String) -> KitchenIngredient {
        var heading = KitchenIngredient(id: id, name: name, amount: "")
        heading.isHeading = true
        return heading
    }

    /// The same ingredient with its amount read through `amounts`, which remembers the amounts
    /// it has read (`KitchenAmountMemo`): what a reader of many recipes uses.
    public init(id: String, name: String, amount: String, notes: String? = nil, amounts: inout KitchenAmountMemo) {
        self.id = id
        self.name = name
        self.amount = amount
        self.notes = notes
        self.parsedAmount = amounts.parse(amount)
    }
}

/// One step; `order` counts from 1. A heading (`isHeading`) names the steps after it ("Make the
/// marinade", a page's `HowToSection`): it takes its place in the order but is no step to do, so
/// pages show it as a heading, number only the steps, and cook mode does not stop at it.
public struct KitchenStep: Hashable, Sendable {
    public var id: String
    public var order: Int
    public var text: String
    public var isHeading: Bool

    public init(id: String, order: Int, text: String, isHeading: Bool = false) {
        self.id = id
        self.order = order
        self.text = text
        self.isHeading = isHeading
    }
}

extension [KitchenStep] {
    /// Each step with its number among the steps to do (headings are not counted), nil for a heading.
    public var numbered: [(step: KitchenStep, number: Int?)] {
        var count = 0
        return map { step in
            if step.isHeading { return (step, nil) }
            count += 1
            return (step, count)
        }
    }
}

/// Kilocalories and grams of protein, carbohydrate and fat: whole numbers ≥ 0.
/// A figure the recipe does not give is in `unknown` (its number is 0 and means nothing): pages,
/// commands and meal plans show it as "—" and leave it out of totals (issue 26).
public struct KitchenNutrition: Hashable, Sendable, NutritionFigures {
    public var calories: Int
    public var protein: Int
    public var carbs: Int
    public var fats: Int
    /// The figures the recipe leaves out.
    public var unknown: Set<NutritionFigure>

    public init(calories: Int, protein: Int, carbs: Int, fats: Int, unknown: Set<NutritionFigure> = []) {
        self.calories = calories
        self.protein = protein
        self.carbs = carbs
        self.fats = fats
        self.unknown = unknown
    }

    /// Each value × `factor`, rounded to a whole number (halves away from zero).
    public func scaled(by factor: Double) -> KitchenNutrition {
        func scale(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }
        return KitchenNutrition(calories: scale(calories), protein: scale(protein), carbs: scale(carbs), fats: scale(fats), unknown: unknown)
    }

    /// Each value ÷ `servings`, rounded; the values themselves for servings below 1.
    public func divided(by servings: Int) -> KitchenNutrition {
        servings > 1 ? scaled(by: 1 / Double(servings)) : self
    }

    /// The figure as a page shows it: "600 kcal", "38 g", or "—" when it is unknown (never "0 g").
    public func shown(_ figure: NutritionFigure) -> String {
        guard let value = known(figure) else { return "—" }
        return "\(value) \(figure == .calories ? "kcal" : "g")"
    }

    /// The figures left out, in the order calories, protein, carbs, fats: "protein and fats".
    public var unknownNames: String? {
        unknown.isEmpty ? nil : Format.list(unknown.sorted().map(\.rawValue))
    }

    /// The share of energy from protein, carbohydrate and fat (4, 4 and 9 kcal per gram),
    /// as fractions summing to 1; all zero when there are no macros. Shares of partly
    /// unknown macros mean nothing: callers check `unknown` first.
    public var energyShares: (protein: Double, carbs: Double, fats: Double) {
        let protein = Double(protein) * 4, carbs = Double(carbs) * 4, fats = Double(fats) * 9
        let total = protein + carbs + fats
        guard total > 0 else { return (0, 0, 0) }
        return (protein / total, carbs / total, fats / total)
    }
}

/// The meal a recipe is filed under (MOD/DATA/002 `category`).
public enum KitchenCategory: String, Hashable, Sendable, CaseIterable {
    case breakfast = "Breakfast"
    case lunch = "Lunch"
    case dinner = "Dinner"
    case snack = "Snack"

    /// The page slug: `breakfast`.
    public var slug: String { rawValue.lowercased() }
}

/// Where a recipe came from (MOD/DATA/002 `sourcePlatform`), plus `web` for a clipped page.
public enum KitchenSourcePlatform: String, Hashable, Sendable, CaseIterable {
    case instagram
    case tiktok
    case youtube
    case web
}

extension KitchenRecipe {
    /// The kitchen recipes' shelf of the data set's store (`RecordStore`), put on it whole by
    /// `DatasetAssembler` once their ingredient and step rows are joined (`KitchenFileParser.assemble`).
    /// Their ids are checked as every kind's, then each recipe's rules (`KitchenValidator`).
    public static let shelf = RecordShelf<KitchenRecipe>(kindName: "kitchenRecipes", idLabel: "kitchen recipe", id: { $0.id },
                                                         eachRecord: KitchenValidator().diagnostics(for:))
}

extension Dataset {
    /// Cooking recipes of the kitchen (`kitchen/recipes/`), in file order: the data set's shelf of
    /// them (`KitchenRecipe.shelf`).
    public var kitchenRecipes: [Located<KitchenRecipe>] {
        get { store[KitchenRecipe.shelf] }
        set { store[KitchenRecipe.shelf] = newValue }
    }
}
