/// The pacing settings (PRD §11 `Settings`), from `preferences.json` key `waterline`,
/// each of which a session's own `settings` may override.
public struct WaterlineSettings: Hashable, Sendable {
    /// Grams of ethanol in one standard drink: 14 g in the US (the default), 10 g in Australia,
    /// 8 g in the UK (one "unit"). See docs/SESSIONS.md for the sources.
    public enum Standard {
        public static let unitedStatesGrams = 14.0
        public static let australiaGrams = 10.0
        public static let unitedKingdomGrams = 8.0
    }

    public static let defaultWaterEveryNDrinks = 1
    public static let defaultWarningThreshold = 2
    /// A session still active this many hours after its start is abandoned (PRD §9.2).
    public static let defaultAbandonAfterHours = 12.0

    public var waterEveryNDrinks: Int
    public var warningThreshold: Int
    /// Minutes between time-based reminders; nil when they are off.
    public var timeReminderIntervalMinutes: Int?
    public var units: VolumeUnit
    /// The amount a water entry without one counts as, in `units`.
    public var defaultWaterAmount: Double?
    public var standardDrinkGrams: Double
    /// Quiet rule (PRD §9.5): once no entry has been logged for this many minutes, time reminders
    /// stop until the next entry. Nil (the default): they never stop for inactivity.
    public var stopRemindersAfterInactiveMinutes: Int?
    /// A session still active this many hours after its start is abandoned (PRD §9.2).
    public var abandonAfterHours: Double

    public init(
        waterEveryNDrinks: Int = defaultWaterEveryNDrinks,
        warningThreshold: Int = defaultWarningThreshold,
        timeReminderIntervalMinutes: Int? = nil,
        units: VolumeUnit = .ml,
        defaultWaterAmount: Double? = nil,
        standardDrinkGrams: Double = Standard.unitedStatesGrams,
        stopRemindersAfterInactiveMinutes: Int? = nil,
        abandonAfterHours: Double = defaultAbandonAfterHours
    ) {
        self.waterEveryNDrinks = waterEveryNDrinks
        self.warningThreshold = warningThreshold
        self.timeReminderIntervalMinutes = timeReminderIntervalMinutes
        self.units = units
        self.defaultWaterAmount = defaultWaterAmount
        self.standardDrinkGrams = standardDrinkGrams
        self.stopRemindersAfterInactiveMinutes = stopRemindersAfterInactiveMinutes
        self.abandonAfterHours = abandonAfterHours
    }

    /// The amount a water entry without one counts as when `defaultWaterAmount` is not set
    /// (PRD §9.3 "defaults like 8 oz / 250 ml"): 250 ml, or 8 oz where the units are ounces.
    public static func builtInWaterAmount(units: VolumeUnit) -> Double {
        switch units {
        case .ml: 250
        case .oz: 8
        }
    }

    /// The amount, in millilitres, a water entry without one counts as: `defaultWaterAmount` in
    /// `units`, else 250 ml (8 oz where the units are ounces).
    public var waterAmountWhenNotGivenMillilitres: Double {
        units.millilitres(defaultWaterAmount ?? Self.builtInWaterAmount(units: units))
    }

    /// `abandonAfterHours` in seconds.
    public var abandonAfterSeconds: Double { abandonAfterHours * 3600 }

    /// These settings with every value the overrides give put in its place.
    public func overridden(by overrides: Overrides) -> WaterlineSettings {
        var result = self
        if let value = overrides.waterEveryNDrinks { result.waterEveryNDrinks = value }
        if let value = overrides.warningThreshold { result.warningThreshold = value }
        if let enabled = overrides.timeRemindersEnabled, !enabled { result.timeReminderIntervalMinutes = nil }
        if let value = overrides.timeReminderIntervalMinutes, overrides.timeRemindersEnabled != false { result.timeReminderIntervalMinutes = value }
        if let value = overrides.units { result.units = value }
        if let value = overrides.defaultWaterAmount { result.defaultWaterAmount = value }
        if let value = overrides.standardDrinkGrams { result.standardDrinkGrams = value }
        if let value = overrides.stopRemindersAfterInactiveMinutes { result.stopRemindersAfterInactiveMinutes = value }
        if let value = overrides.abandonAfterHours { result.abandonAfterHours = value }
        return result
    }

    /// Settings as written: any field may be absent.
    public struct Overrides: Hashable, Sendable {
        public var waterEveryNDrinks: Int?
        public var warningThreshold: Int?
        public var timeRemindersEnabled: Bool?
        public var timeReminderIntervalMinutes: Int?
        public var units: VolumeUnit?
        public var defaultWaterAmount: Double?
        public var standardDrinkGrams: Double?
        public var stopRemindersAfterInactiveMinutes: Int?
        public var abandonAfterHours: Double?

        public init(
            waterEveryNDrinks: Int? = nil, warningThreshold: Int? = nil, timeRemindersEnabled: Bool? = nil,
            timeReminderIntervalMinutes: Int? = nil, units: VolumeUnit? = nil, defaultWaterAmount: Double? = nil,
            standardDrinkGrams: Double? = nil, stopRemindersAfterInactiveMinutes: Int? = nil, abandonAfterHours: Double? = nil
        ) {
            self.waterEveryNDrinks = waterEveryNDrinks
            self.warningThreshold = warningThreshold
            self.timeRemindersEnabled = timeRemindersEnabled
            self.timeReminderIntervalMinutes = timeReminderIntervalMinutes
            self.units = units
            self.defaultWaterAmount = defaultWaterAmount
            self.standardDrinkGrams = standardDrinkGrams
            self.stopRemindersAfterInactiveMinutes = stopRemindersAfterInactiveMinutes
            self.abandonAfterHours = abandonAfterHours
        }

        public var isEmpty: Bool { self == Overrides() }
    }
}
