import Foundation

/// A saved brew: a snapshot of what was brewed, so it stays readable after its recipe
/// is edited or deleted (004 `BrewLog`).
///
/// A brew recorded here has every field of PRD 3.8.2: a `v60` method and a rating 1–5.
/// A brew imported from another app (one with a `source`) may keep that app's method
/// (`chemex`) and may have no rating, when the person did not rate it there. The fields
/// from `bean` on are optional for every log; see docs/DATA-FORMAT.md and docs/IMPORT.md.
public struct BrewLog: Hashable, Sendable, Identifiable {
    public static let maximumNoteCharacters = 280
    /// The method of every brew recorded here (PRD 4.1: V60 only).
    public static let recordedMethod = BrewMethod.v60.rawValue

    public var id: String
    public var timestamp: Date
    /// The UTC offset written with the timestamp, in seconds east (0 for `Z`): where no journal
    /// time zone is set, the brew's day and hour are read at this offset (`JournalTimeZone`).
    public var timestampOffsetSeconds: Int
    /// `v60`; an imported brew may keep its app's method (`chemex`), see `isImported`.
    public var method: String
    /// For "brew again" only; the log outlives its recipe.
    public var recipeId: String?
    public var recipeNameAtBrew: String
    public var doseGrams: Double
    public var targetYieldGrams: Double
    public var waterTemperatureCelsius: Double
    public var grindLabel: GrindLabel
    /// 1–5; nil only for an imported brew that was not rated where it was recorded.
    public var rating: Int?
    public var tasteTag: TasteTag?
    /// Markdown, rendered in cmark's safe mode.
    public var note: String?

    // Optional details, mostly from imported brews.
    public var bean: String?
    public var roaster: String?
    public var mill: String?
    /// The grinder's own setting as text ("18", "3.2", "2 clicks"), beside the label.
    public var grinderSetting: String?
    /// The whole brew, from the first pour to the end of the drawdown.
    public var brewTimeSeconds: Double?
    public var bloomSeconds: Double?
    /// Total dissolved solids of the cup, in percent.
    public var tds: Double?
    public var extractionYieldPercent: Double?
    /// The beverage's mass in the cup, in grams: with a TDS, a percolation's extraction is
    /// `TDS × beverage ÷ dose` (`BrewingControl`).
    public var beverageGrams: Double? = nil
    /// A refractometer's Brix reading (°Bx); without `tds`, the TDS is worked out from it
    /// (`measuredTDSPercent`, `BrewingControl.tdsPercent(fromBrix:)`).
    public var brix: Double? = nil
    /// The app the brew came from (`beanconqueror`); nil for brews recorded here.
    public var source: String?
    /// The brew's id in that app, so importing it again adds nothing.
    public var sourceId: String?
    /// Fields the source did not give, filled from the recipe's defaults (`waterTemperatureCelsius`,
    /// `grindLabel`): shown as such, and left out of statistics that compare them with ratings.
    public var fromRecipe: [String]
    /// The bag of beans brewed (`beans/`, `CoffeeBean`), by its id; `bean`/`roaster` stay free text beside it.
    public var beanId: String?

    public init(
        id: String,
        timestamp: Date,
        timestampOffsetSeconds: Int = 0,
        method: String = BrewLog.recordedMethod,
        recipeId: String?,
        recipeNameAtBrew: String,
        doseGrams: Double,
        targetYieldGrams: Double,
        waterTemperatureCelsius: Double,
        grindLabel: GrindLabel,
        rating: Int?,
        tasteTag: TasteTag? = nil,
        note: String? = nil,
        bean: String? = nil,
        roaster: String? = nil,
        mill: String? = nil,
        grinderSetting: String? = nil,
        brewTimeSeconds: Double? = nil,
        bloomSeconds: Double? = nil,
        tds: Double? = nil,
        extractionYieldPercent: Double? = nil,
        source: String? = nil,
        sourceId: String? = nil,
        fromRecipe: [String] = [],
        beanId: String? = nil
    ) {
        self.id = id
        self.timestamp = timestamp
        self.timestampOffsetSeconds = timestampOffsetSeconds
        self.method = method
        self.recipeId = recipeId
        self.recipeNameAtBrew = recipeNameAtBrew
        self.doseGrams = doseGrams
        self.targetYieldGrams = targetYieldGrams
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.grindLabel = grindLabel
        self.rating = rating
        self.tasteTag = tasteTag
        self.note = note
        self.bean = bean
        self.roaster = roaster
        self.mill = mill
        self.grinderSetting = grinderSetting
        self.brewTimeSeconds = brewTimeSeconds
        self.bloomSeconds = bloomSeconds
        self.tds = tds
        self.extractionYieldPercent = extractionYieldPercent
        self.source = source
        self.sourceId = sourceId
        self.fromRecipe = fromRecipe
        self.beanId = beanId
    }

    /// Yield over dose.
    public var ratio: Double { targetYieldGrams / doseGrams }

    /// The cup's TDS (%): as measured, or, without one, from its Brix reading (`TDS ≈ 0.85 × Brix`,
    /// `BrewingControl.tdsPercent(fromBrix:)`); nil without either.
    public var measuredTDSPercent: Double? { tds ?? brix.map(BrewingControl.tdsPercent(fromBrix:)) }

    /// Whether the TDS is worked out from the Brix reading (no TDS was measured).
    public var isTDSFromBrix: Bool { tds == nil && brix != nil }

    /// Whether the brew came from another app (it has a `source`).
    public var isImported: Bool { source != nil }

    /// The temperature when it was recorded, nil when it was taken from the recipe.
    public var recordedTemperatureCelsius: Double? {
        fromRecipe.contains("waterTemperatureCelsius") ? nil : waterTemperatureCelsius
    }

    /// The grind label when it was recorded, nil when it was taken from the recipe.
    public var recordedGrindLabel: GrindLabel? {
        fromRecipe.contains("grindLabel") ? nil : grindLabel
    }
}

extension BrewLog {
    /// The logs' shelf of the data set's store (`RecordStore`): put on it by `LogsKind`, file by
    /// file, most of a journal's records. Their ids are checked as every kind's, then each log's
    /// own rules (`DatasetValidator.logFindings`, on all cores), which `watch` keeps per file and
    /// gives the validator in place of checking every log again. A log naming a bag of beans is
    /// checked by the validator (`CoffeeBean.logFindings`), as the bags may be gone.
    public static let shelf = RecordShelf<BrewLog>(kindName: "logs", idLabel: "log", id: { $0.id }) { logs, dataset in
        DatasetValidator.logFindings(for: logs[...], knownRecipeIDs: dataset.recipeIDs)
    }
}

extension Dataset {
    /// The brew logs (`logs/`), in file order: the data set's shelf of them (`BrewLog.shelf`).
    /// Each use looks the shelf up: a loop over them takes it once (`let logs = dataset.logs`).
    public var logs: [Located<BrewLog>] {
        get { store[BrewLog.shelf] }
        set { store[BrewLog.shelf] = newValue }
    }
}
