import Foundation

/// Everything the Waterline summary shows (PRD §9.9), computed from a session's entries
/// in time order with its settings. Recomputed from scratch every time (PRD §12).
public struct SessionSummary: Hashable, Sendable {
    public enum Status: String, Sendable, Hashable {
        /// Ended: it has an `endTime`, or is no longer active.
        case ended
        /// Still active and younger than `abandonAfterHours` (12 by default): summarised up to now.
        case active
        /// Still active more than `abandonAfterHours` after its start: summarised up to its last entry.
        case abandoned
    }

    /// One entry with what it did to the waterline.
    public struct TimelineItem: Hashable, Sendable {
        public var entry: LogEntry
        public var delta: Int
        /// The waterline after this entry.
        public var waterline: Int
        /// For an alcoholic drink: its standard drinks and how they were found.
        public var standardDrinks: Double?
        public var basis: StandardDrinks.Basis?
        /// For water: the volume in millilitres: the entry's own, else the default amount
        /// (`WaterlineSettings.waterAmountWhenNotGivenMillilitres`); nil for a drink.
        public var waterMillilitres: Double?
        /// For water: true when the entry gave no amount and the default stands in (said so).
        public var waterAmountIsDefault = false
        /// The per-drink reminder this drink fired, if any.
        public var reminder: DrinkReminder?
    }

    /// A per-drink reminder (PRD §12): fired by a drink that brought the drinks since the last
    /// water to N or more; followed when water came before the next alcoholic drink.
    public struct DrinkReminder: Hashable, Sendable {
        public var firedAt: Date
        public var drinksSinceWater: Int
        public var followed: Bool
        /// The water entry that followed it.
        public var followedAt: Date?
    }

    /// A pacing warning (PRD §9.4, §9.5 "Pacing Warning"): an event in the timeline.
    ///
    /// - `threshold`: an entry lifted the waterline from below `warningThreshold` to it or above
    ///   ("Drink water to return to centre"). One warning per stretch above the mark: further drinks
    ///   while it is already at or above do not warn again. `returnedBelowAt` is the water entry that
    ///   brought it back below the mark, nil when it was still at or above at the end.
    /// - `drinksSinceWater`: drinking past the rule: a drink taken when the alcoholic drinks since
    ///   the last water (or the start) had already reached `waterEveryNDrinks` (PRD §9.4's
    ///   "additional warning": the count was N or more when it came), so the reminder the N-th drink
    ///   gave was not followed; once per run of drinks without water. With N = 1 the first drink of
    ///   a night gives a reminder (a nudge) and no warning; a second drink before water warns.
    ///   `returnedBelowAt` is nil.
    ///
    /// When one entry raises both, the `threshold` warning comes first.
    public struct PacingWarning: Hashable, Sendable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case threshold, drinksSinceWater
        }

        public var timestamp: Date
        /// The waterline after the entry that raised it.
        public var waterline: Int
        public var kind: Kind
        /// For `threshold`: when the waterline went back below the mark.
        public var returnedBelowAt: Date?
        /// The id of the entry that raised it.
        public var entryId: String
    }

    public var sessionId: String
    /// The session's `name`, if it has one.
    public var sessionName: String?
    /// When the session record was last edited, if recorded.
    public var sessionUpdatedAt: Date?
    public var settings: WaterlineSettings
    /// The journal's time zone, in which the session's times are shown (issue 16).
    public var timeZone: JournalTimeZone = .asWritten
    public var status: Status
    public var start: Date
    /// The end of the summarised period: `endTime`; for a session ended without one, or
    /// abandoned, its last entry (or its start); for a session still active, `now`.
    public var end: Date
    public var timeline: [TimelineItem]
    public var drinkReminders: [DrinkReminder]
    /// Time-based reminders: every interval from the start, strictly before `end`, except those the
    /// quiet rule holds back: with `stopRemindersAfterInactiveMinutes` set, a reminder at a moment when
    /// that many minutes or more have passed since the last entry (or the start) is not listed; the
    /// next entry starts them again.
    public var timeReminders: [Date]
    /// Time-based reminders the quiet rule (`stopRemindersAfterInactiveMinutes`) held back.
    public var quietTimeReminders: [Date]
    public var pacingWarnings: [PacingWarning]
    public var secondsAtOrAboveWarning: Double

    public var abandoned: Bool { status == .abandoned }
    public var durationSeconds: Double { max(0, end.timeIntervalSince(start)) }
    public var durationMinutes: Int { Int(saturating: (durationSeconds / 60).rounded(.toNearestOrAwayFromZero)) }
    public var minutesAtOrAboveWarning: Int { Int(saturating: (secondsAtOrAboveWarning / 60).rounded(.toNearestOrAwayFromZero)) }

    public var alcoholicDrinks: Int { timeline.lazy.filter { $0.entry.type == .alcohol }.count }
    /// The sum of every drink's standard drinks; a drink of unknown size or ABV counts 1.
    public var standardDrinks: Double { timeline.compactMap(\.standardDrinks).reduce(0, +) }
    public var drinksOfUnknownSize: Int { timeline.lazy.filter { $0.basis == .unknown }.count }
    public var waterEntries: Int { timeline.lazy.filter { $0.entry.type == .water }.count }
    /// Millilitres of the water entries whose amount is known (their own, else the default amount).
    public var waterVolumeMillilitres: Double { timeline.compactMap(\.waterMillilitres).reduce(0, +) }
    /// Water entries that gave no amount, counted at the default amount.
    public var waterEntriesWithDefaultAmount: Int { timeline.lazy.filter(\.waterAmountIsDefault).count }
    /// Drinks counted from their size and the ABV assumed for their type.
    public var drinksWithAssumedABV: Int { timeline.lazy.filter { $0.basis == .assumedABV }.count }
    public var finalWaterline: Int { timeline.last?.waterline ?? 0 }
    /// The highest waterline, counting the start (0).
    public var maxWaterline: Int { timeline.map(\.waterline).reduce(0, max) }
    /// The lowest waterline, counting the start (0).
    public var minWaterline: Int { timeline.map(\.waterline).reduce(0, min) }
    public var remindersFired: Int { drinkReminders.count }
    public var remindersFollowed: Int { drinkReminders.lazy.filter(\.followed).count }
    /// `remindersFollowed ÷ remindersFired × 100`, rounded to a whole percent (halves up);
    /// nil when no per-drink reminder fired. A reminder still open at the end counts as not followed.
    public var adherencePercent: Int? {
        guard remindersFired > 0 else { return nil }
        return Int((Double(remindersFollowed) * 100 / Double(remindersFired)).rounded(.toNearestOrAwayFromZero))
    }

    /// The most time-based reminders a summary lists (a week of reminders every 10 minutes).
    public static let maximumTimeReminders = 1_000

    /// Computes the summary.
    /// - Parameters:
    ///   - settings: the preferences' settings; the session's own settings override them.
    ///   - presets: drink presets by id.
    ///   - now: the moment "still active" is measured against.
    public init(session: Session, settings base: WaterlineSettings = WaterlineSettings(), presets: [String: DrinkPreset] = [:], now: Date) {
        let settings = base.overridden(by: session.settings)
        let entries = session.entriesInTimeOrder
        let lastMoment = entries.last.map { max($0.timestamp, session.startTime) } ?? session.startTime
        let status: Status
        let end: Date
        if let endTime = session.endTime, !session.isActive {
            (status, end) = (.ended, endTime)
        } else if !session.isActive {
            (status, end) = (.ended, lastMoment)
        } else if now.timeIntervalSince(session.startTime) > settings.abandonAfterSeconds {
            (status, end) = (.abandoned, lastMoment)
        } else {
            (status, end) = (.active, max(now, lastMoment))
        }

        var waterline = 0
        var drinksSinceWater = 0
        var timeline: [TimelineItem] = []
        var reminders: [DrinkReminder] = []
        var openReminder: Int?
        var warnings: [PacingWarning] = []
        var openThresholdWarning: Int?
        let threshold = settings.warningThreshold
        let everyN = max(1, settings.waterEveryNDrinks)
        for entry in entries {
            var item = TimelineItem(entry: entry, delta: 0, waterline: 0)
            switch entry.type {
            case .water:
                item.delta = -1
                drinksSinceWater = 0
                if let amount = entry.waterMeta?.amount {
                    item.waterMillilitres = amount.millilitres(defaultUnit: settings.units)
                } else {
                    item.waterMillilitres = settings.waterAmountWhenNotGivenMillilitres
                    item.waterAmountIsDefault = true
                }
                if let open = openReminder {
                    reminders[open].followed = true
                    reminders[open].followedAt = entry.timestamp
                    openReminder = nil
                }
            case .alcohol:
                let preset = entry.alcoholMeta?.presetId.flatMap { presets[$0] }
                let (count, basis) = StandardDrinks.estimate(for: entry.alcoholMeta, preset: preset, settings: settings)
                item.standardDrinks = count
                item.basis = basis
                item.delta = StandardDrinks.waterlineDelta(standardDrinks: count)
                drinksSinceWater += 1
                openReminder = nil
                if drinksSinceWater >= everyN {
                    let reminder = DrinkReminder(firedAt: entry.timestamp, drinksSinceWater: drinksSinceWater, followed: false)
                    item.reminder = reminder
                    reminders.append(reminder)
                    openReminder = reminders.count - 1
                }
            }
            let before = waterline
            waterline += item.delta
            item.waterline = waterline
            timeline.append(item)
            if before < threshold, waterline >= threshold {
                warnings.append(PacingWarning(timestamp: entry.timestamp, waterline: waterline, kind: .threshold, entryId: entry.id))
                openThresholdWarning = warnings.count - 1
            } else if before >= threshold, waterline < threshold, let open = openThresholdWarning {
                warnings[open].returnedBelowAt = entry.timestamp
                openThresholdWarning = nil
            }
            if entry.type == .alcohol, drinksSinceWater == everyN + 1 {
                warnings.append(PacingWarning(timestamp: entry.timestamp, waterline: waterline, kind: .drinksSinceWater, entryId: entry.id))
            }
        }
        // The timeline's reminders carry the outcome too.
        var reminderIndex = 0
        for index in timeline.indices where timeline[index].reminder != nil {
            timeline[index].reminder = reminders[reminderIndex]
            reminderIndex += 1
        }

        var timeReminders: [Date] = []
        var quiet: [Date] = []
        if let minutes = settings.timeReminderIntervalMinutes, minutes > 0 {
            let moments = entries.map(\.timestamp)
            var lastActivity = session.startTime
            var nextEntry = 0
            var moment = session.startTime.addingTimeInterval(Double(minutes) * 60)
            // Bounded by count, not by the span: an end time in the year 9999 must not make millions.
            while moment < end, timeReminders.count + quiet.count < Self.maximumTimeReminders {
                while nextEntry < moments.count, moments[nextEntry] <= moment {
                    lastActivity = max(lastActivity, moments[nextEntry])
                    nextEntry += 1
                }
                if let inactive = settings.stopRemindersAfterInactiveMinutes, moment.timeIntervalSince(lastActivity) >= Double(inactive) * 60 {
                    quiet.append(moment)
                } else {
                    timeReminders.append(moment)
                }
                moment = moment.addingTimeInterval(Double(minutes) * 60)
            }
        }

        self.sessionId = session.id
        self.sessionName = session.name
        self.sessionUpdatedAt = session.updatedAt
        self.settings = settings
        self.status = status
        self.start = session.startTime
        self.end = end
        self.timeline = timeline
        self.drinkReminders = reminders
        self.timeReminders = timeReminders
        self.quietTimeReminders = quiet
        self.pacingWarnings = warnings
        self.secondsAtOrAboveWarning = Self.secondsAtOrAbove(settings.warningThreshold, timeline: timeline, start: session.startTime, end: end)
    }

    /// The time the waterline spent at or above `threshold` between `start` and `end`: each value
    /// holds from its entry until the next entry (the last until `end`), clamped to the period.
    static func secondsAtOrAbove(_ threshold: Int, timeline: [TimelineItem], start: Date, end: Date) -> Double {
        let moments = [start] + timeline.map(\.entry.timestamp)
        let values = [0] + timeline.map(\.waterline)
        var total = 0.0
        for index in values.indices where values[index] >= threshold {
            let from = max(moments[index], start)
            let until = min(index + 1 < moments.count ? moments[index + 1] : end, end)
            total += max(0, until.timeIntervalSince(from))
        }
        return total
    }

    /// The waterline from the start to `end` as (moment, value) steps: 0 at the start, then each entry.
    public var steps: [(moment: Date, waterline: Int)] {
        [(start, 0)] + timeline.map { (max($0.entry.timestamp, start), $0.waterline) }
    }
}
