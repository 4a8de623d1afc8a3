import Foundation

/// A structured, step-based recipe (PRD 3.4.3, 004 `Recipe`, with 003's `bloomRatio`).
public struct Recipe: Hashable, Sendable, Identifiable {
    public static let defaultBloomRatio = 3.0

    public var id: String
    public var isStarter: Bool
    public var origin: RecipeOrigin
    public var method: BrewMethod
    public var name: String
    public var defaultDose: Double
    public var defaultTargetYield: Double
    public var defaultWaterTemperature: Double
    public var defaultGrindLabel: GrindLabel
    public var grindTactileDescriptor: String
    public var createdAt: Date
    public var modifiedAt: Date
    /// Bloom water as a multiple of the dose (003 Issue 6).
    public var bloomRatio: Double
    public var pourSplit: PourSplit
    /// Doses in grams for extra printed cards, besides the default dose.
    public var cardDosesGrams: [Double]
    public var steps: [RecipeStep]

    public init(
        id: String,
        isStarter: Bool = false,
        origin: RecipeOrigin = .custom,
        method: BrewMethod = .v60,
        name: String,
        defaultDose: Double,
        defaultTargetYield: Double,
        defaultWaterTemperature: Double,
        defaultGrindLabel: GrindLabel,
        grindTactileDescriptor: String = "",
        createdAt: Date,
        modifiedAt: Date,
        bloomRatio: Double = Recipe.defaultBloomRatio,
        pourSplit: PourSplit = .proportional,
        cardDosesGrams: [Double] = [],
        steps: [RecipeStep]
    ) {
        self.id = id
        self.isStarter = isStarter
        self.origin = origin
        self.method = method
        self.name = name
        self.defaultDose = defaultDose
        self.defaultTargetYield = defaultTargetYield
        self.defaultWaterTemperature = defaultWaterTemperature
        self.defaultGrindLabel = defaultGrindLabel
        self.grindTactileDescriptor = grindTactileDescriptor
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.bloomRatio = bloomRatio
        self.pourSplit = pourSplit
        self.cardDosesGrams = cardDosesGrams
        self.steps = steps
    }

    /// Yield over dose (004 computed `defaultRatio`).
    public var defaultRatio: Double { defaultTargetYield / defaultDose }

    /// The tactile words to show: the recipe's own, or the label's default.
    public var grindGuidance: String {
        grindTactileDescriptor.isEmpty ? defaultGrindLabel.defaultTactileDescriptor : grindTactileDescriptor
    }
}

extension Recipe {
    /// The recipes' shelf of the data set's store (`RecordStore`), put on it whole by
    /// `DatasetAssembler` once a steps CSV's rows are joined to their recipes. Their ids are
    /// checked as every kind's, then each recipe's rules (`RecipeValidator`). The rule of one
    /// starter, which holds with no recipe too ("the data has no recipes"), stays with the validator.
    public static let shelf = RecordShelf<Recipe>(kindName: "recipes", idLabel: "recipe", id: { $0.id },
                                                  eachRecord: RecipeValidator().diagnostics(for:))
}

extension Dataset {
    /// The coffee recipes (`recipes/`), with their steps, in file order: the data set's shelf of
    /// them (`Recipe.shelf`).
    public var recipes: [Located<Recipe>] {
        get { store[Recipe.shelf] }
        set { store[Recipe.shelf] = newValue }
    }
}
