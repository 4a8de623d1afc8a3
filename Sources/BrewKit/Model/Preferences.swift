/// The person's preferences (`preferences.json`): the last selected recipe (PRD 3.2.2)
/// and journal settings.
public struct Preferences: Hashable, Sendable {
    public var lastSelectedRecipeId: String?
    /// Doses in grams for extra printed cards of every recipe (issue 4).
    public var cardDosesGrams: [Double]
    /// The journal's time zone, an IANA name such as `Asia/Tokyo` (issue 16): days, months and
    /// weeks of the journal are made in it. See `JournalTimeZone`.
    public var timeZone: String?
    /// `kitchen.units`: the units kitchen amounts are shown in (MOD/SYS/012); metric when absent.
    public var kitchenUnits: KitchenUnits?
    /// `kitchen.cardServings`: extra servings for every kitchen recipe's scaling table.
    public var kitchenCardServings: [Int] = []

    public init(lastSelectedRecipeId: String? = nil, cardDosesGrams: [Double] = [], timeZone: String? = nil) {
        self.lastSelectedRecipeId = lastSelectedRecipeId
        self.cardDosesGrams = cardDosesGrams
        self.timeZone = timeZone
    }
}

/// What `preferences.json` holds, the one record of its shelf of the store: the preferences, and
/// its `waterline` settings where it has them, each with its own places.
public struct PreferencesFile: Equatable, Sendable {
    /// Nil when the file is there but is not an object of preferences (its error says so).
    public var preferences: Located<Preferences>?
    /// `waterline`; nil when absent (the defaults apply).
    public var waterline: Located<WaterlineSettings.Overrides>?

    public init(preferences: Located<Preferences>?, waterline: Located<WaterlineSettings.Overrides>?) {
        self.preferences = preferences
        self.waterline = waterline
    }

    /// Where the record is: the preferences' places, or else the settings'.
    public var source: SourceMap? { preferences?.source ?? waterline?.source }

    /// The preferences' shelf of the data set's store (`RecordStore`): put on it by
    /// `PreferencesKind`, at most one record (the file has no id to check). Its rules: the last
    /// selected recipe is one in the data (a warning), the time zone is one there is, the card
    /// doses are above 0. The Waterline settings' rules, which read the defaults when there is no
    /// file, are the validator's (`SessionValidator.settingsDiagnostics`).
    public static let shelf = RecordShelf<PreferencesFile>(kindName: "preferences", idLabel: "preferences", idsNameFiles: false,
                                                           id: { _ in "preferences" }) { files, dataset in
        files.flatMap { file -> [Diagnostic] in
            guard let preferences = file.value.preferences else { return [] }
            var findings: [Diagnostic] = []
            if let last = preferences.value.lastSelectedRecipeId, !dataset.recipeIDs.contains(last) {
                findings.append(.warning(
                    "lastSelectedRecipeId \(quoted(last)) names no recipe in the data; the starter is selected instead",
                    at: preferences.source.location(of: "lastSelectedRecipeId")))
            }
            if let unknownZone = JournalTimeZone.unknownZoneDiagnostic(preferences) { findings.append(unknownZone) }
            for dose in preferences.value.cardDosesGrams where !(dose > 0) {
                findings.append(.error("cardDosesGrams must hold doses greater than 0 g, found \(Format.grams(dose))", at: preferences.source.location(of: "cardDosesGrams")))
            }
            return findings
        }
    }
}

extension Dataset {
    /// `preferences.json`'s record (`PreferencesFile.shelf`), when the file was read.
    public var preferencesFile: PreferencesFile? {
        get { store[PreferencesFile.shelf].first?.value }
        set {
            guard let newValue, let source = newValue.source else { store[PreferencesFile.shelf] = []; return }
            store[PreferencesFile.shelf] = [Located(newValue, source: source)]
        }
    }

    /// The preferences of `preferences.json`; nil when there is none, or it could not be read.
    public var preferences: Located<Preferences>? {
        get { preferencesFile?.preferences }
        set { preferencesFile = PreferencesFile(preferences: newValue, waterline: waterlineSettings) }
    }

    /// `preferences.json` key `waterline`; nil when absent (the defaults apply).
    public var waterlineSettings: Located<WaterlineSettings.Overrides>? {
        get { preferencesFile?.waterline }
        set { preferencesFile = PreferencesFile(preferences: preferences, waterline: newValue) }
    }
}
