import Foundation

/// Everything read from a data directory, each record with its source locations.
public struct Dataset: Sendable {
    /// The thumbnail files of kitchen recipes that were found in the data directory: each file's
    /// path in the data directory and the site (`KitchenThumbnail.file`) to the real path it was
    /// read from. A thumbnail file missing from here is shown as the title's first letter.
    public var kitchenImages: [String: String] = [:]
    /// The records of the kinds kept by kind (`RecordStore`): each kind's records in file order,
    /// read, joined and checked with no field of their own here (brew logs, `BrewLog.shelf`; bags
    /// of beans; recipes; sessions; drink presets; recorded pours; the kitchen's recipes and inbox;
    /// the preferences, `PreferencesFile.shelf`).
    public var store = RecordStore()

    public init(
        recipes: [Located<Recipe>] = [], logs: [Located<BrewLog>] = [], preferences: Located<Preferences>? = nil,
        sessions: [Located<Session>] = [], drinkPresets: [Located<DrinkPreset>] = [],
        waterlineSettings: Located<WaterlineSettings.Overrides>? = nil
    ) {
        self.logs = logs
        self.recipes = recipes
        self.preferencesFile = PreferencesFile(preferences: preferences, waterline: waterlineSettings)
        self.sessions = sessions
        self.drinkPresets = drinkPresets
    }

    /// The person's Waterline settings: the defaults with `preferences.json`'s `waterline` applied.
    public var waterline: WaterlineSettings {
        WaterlineSettings().overridden(by: waterlineSettings?.value ?? .init())
    }

    /// Presets by id; the first of a duplicated id wins.
    public var drinkPresetsByID: [String: DrinkPreset] {
        Dictionary(drinkPresets.map { ($0.value.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Sessions newest first (by start, then id).
    public var sessionsNewestFirst: [Session] {
        sessions.map(\.value).sorted { a, b in
            a.startTime != b.startTime ? a.startTime > b.startTime : a.id < b.id
        }
    }

    /// Logs newest first (004 `fetchAllLogs`); equal timestamps by id, so the order is stable.
    public var logsNewestFirst: [BrewLog] {
        // Sorting indices moves integers instead of logs, which are large to copy.
        // The comparison reads the two fields in place: binding whole logs would copy them. The
        // shelf is taken once (`logs` looks it up in the store on each use).
        let logs = self.logs
        let order = logs.indices.sorted { left, right in
            let a = logs[left].value.timestamp, b = logs[right].value.timestamp
            return a != b ? a > b : logs[left].value.id < logs[right].value.id
        }
        return order.map { logs[$0].value }
    }

    /// Recipes with starters first, then by name (004 `fetchRecipes`), then id.
    public var recipesInLibraryOrder: [Recipe] {
        recipes.map(\.value).sorted { a, b in
            if a.isStarter != b.isStarter { return a.isStarter }
            let byName = a.name.localizedStandardCompare(b.name)
            if byName != .orderedSame { return byName == .orderedAscending }
            return a.id < b.id
        }
    }

    /// The ids of the recipes in the data.
    public var recipeIDs: Set<String> { Set(recipes.map(\.value.id)) }
}
