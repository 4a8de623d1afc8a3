import Foundation

/// The rules of Waterline sessions (PRD §9.2, §11): one active session at most, end after
/// start, entries inside their session with the meta their type calls for, plausible amounts.
public struct SessionValidator: Sendable {
    /// Largest plausible single drink or glass of water, in millilitres (two litres).
    public static let maximumMillilitres = 2000.0
    /// Largest plausible standard-drink estimate for one entry.
    public static let maximumStandardDrinkEstimate = 20.0

    public init() {}

    /// Every finding about the sessions and Waterline settings of a data set (the presets' are their
    /// shelf's, `DrinkPreset.shelf`): `settingsDiagnostics(for:)` and `sessionDiagnostics(_:in:)`.
    public func diagnostics(for dataset: Dataset) -> [Diagnostic] {
        settingsDiagnostics(for: dataset) + sessionDiagnostics(dataset.sessions, in: dataset)
    }

    /// The findings about `preferences.json`'s `waterline` settings, which apply with no session too.
    public func settingsDiagnostics(for dataset: Dataset) -> [Diagnostic] {
        guard let preferences = dataset.waterlineSettings else { return [] }
        var findings = Findings(source: preferences.source)
        check(preferences.value, prefix: "", into: &findings)
        return findings.all
    }

    /// The findings about `sessions` (the sessions' shelf's rules, `Session.shelf`): each session's
    /// own, with its settings over the data set's, and one active session at most.
    public func sessionDiagnostics(_ sessions: [Located<Session>], in dataset: Dataset) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let base = dataset.waterline
        let presetIDs = Set(dataset.drinkPresets.map(\.value.id))
        var firstActive: Located<Session>?
        for located in sessions {
            diagnostics += self.diagnostics(for: located, settings: base.overridden(by: located.value.settings), presetIDs: presetIDs)
            guard located.value.isActive else { continue }
            if let first = firstActive {
                diagnostics.append(.error(
                    "only one session can be active at a time; \(quoted(first.value.id)) (at \(first.source.record)) is already active",
                    at: located.source.location(of: "isActive")))
            } else {
                firstActive = located
            }
        }
        return diagnostics
    }

    /// Active sessions still open more than `abandonAfterHours` after their start at `now` (PRD §9.2:
    /// "prompt user to end"): a batch tool cannot prompt, so `check` warns, naming the whole hours
    /// since the start. Kept apart from `diagnostics(for:)` so that everything else stays
    /// independent of the clock.
    public func abandonedDiagnostics(for dataset: Dataset, now: Date) -> [Diagnostic] {
        let base = dataset.waterline
        return dataset.sessions.compactMap { located in
            let session = located.value
            guard session.isActive else { return nil }
            let settings = base.overridden(by: session.settings)
            let elapsed = now.timeIntervalSince(session.startTime)
            guard elapsed > settings.abandonAfterSeconds else { return nil }
            let hours = Int((elapsed / 3600).rounded(.down))
            return .warning(
                "session \(quoted(session.id)) is still active after \(hours) h; end it with an endTime (or brewguide session end)",
                at: located.source.location(of: "isActive"))
        }
    }

    /// The rules of one session, with its resolved settings.
    public func diagnostics(for located: Located<Session>, settings: WaterlineSettings, presetIDs: Set<String>) -> [Diagnostic] {
        var findings = Findings(source: located.source)
        let session = located.value
        check(session.settings, prefix: "settings.", into: &findings)
        if let end = session.endTime {
            if session.isActive {
                findings.error("an active session has no endTime; set isActive to false or remove endTime", at: "endTime")
            } else if !(end > session.startTime) {
                findings.error("endTime \(ISO8601.string(from: end)) must be after startTime \(ISO8601.string(from: session.startTime))", at: "endTime")
            }
        } else if !session.isActive {
            findings.warning("the session is not active but has no endTime; it is summarised up to its last entry", at: "isActive")
        }
        if let updated = session.updatedAt, updated < session.startTime {
            findings.warning("updatedAt \(ISO8601.string(from: updated)) is before startTime \(ISO8601.string(from: session.startTime)); an edit comes after the start", at: "updatedAt")
        }
        if let name = session.name, name.trimmingWhitespace.isEmpty {
            findings.warning("the session's name is blank; its pages name it by weekday and time", at: "name")
        }
        var seenIDs: [String: Int] = [:]
        for (index, entry) in session.entries.enumerated() {
            let path = "entries[\(index)]"
            if entry.id.trimmingWhitespace.isEmpty {
                findings.error("an entry's id must not be empty", at: "\(path).id")
            } else if let first = seenIDs[entry.id] {
                findings.error("entry id \(quoted(entry.id)) is already used by entries[\(first)] of this session", at: "\(path).id")
            } else {
                seenIDs[entry.id] = index
            }
            if entry.timestamp < session.startTime {
                findings.error("the entry at \(ISO8601.string(from: entry.timestamp)) is before the session's startTime \(ISO8601.string(from: session.startTime))", at: "\(path).timestamp")
            } else if let end = session.endTime, !session.isActive, entry.timestamp > end {
                findings.error("the entry at \(ISO8601.string(from: entry.timestamp)) is after the session's endTime \(ISO8601.string(from: end))", at: "\(path).timestamp")
            }
            if let updated = entry.updatedAt, updated < entry.timestamp {
                findings.warning("updatedAt \(ISO8601.string(from: updated)) is before the entry's timestamp \(ISO8601.string(from: entry.timestamp)); an edit comes after the entry", at: "\(path).updatedAt")
            }
            check(entry, at: path, settings: settings, presetIDs: presetIDs, into: &findings)
        }
        return findings.all
    }

    public func diagnostics(for located: Located<DrinkPreset>) -> [Diagnostic] {
        var findings = Findings(source: located.source)
        let preset = located.value
        if preset.name.trimmingWhitespace.isEmpty { findings.error("a drink preset's name must not be empty", at: "name") }
        checkDrink(size: preset.size, abvPercent: preset.abvPercent, estimate: preset.standardDrinkEstimate, prefix: "", units: .ml, into: &findings)
        return findings.all
    }

    private func check(_ entry: LogEntry, at path: String, settings: WaterlineSettings, presetIDs: Set<String>, into findings: inout Findings) {
        switch entry.type {
        case .alcohol:
            if entry.waterMeta != nil {
                findings.error("an alcohol entry cannot have waterMeta; use type \"water\" for water", at: "\(path).waterMeta")
            }
            guard let meta = entry.alcoholMeta else { return }
            checkDrink(size: meta.size, abvPercent: meta.abvPercent, estimate: meta.standardDrinkEstimate, prefix: "\(path).alcoholMeta.", units: settings.units, into: &findings)
            if let presetId = meta.presetId, let finding = Self.presetReference.finding(
                naming: presetId, at: findings.source.location(of: "\(path).\(Self.presetReference.field)"),
                isKnown: presetIDs.contains, known: presetIDs) {
                findings.add(finding)
            }
        case .water:
            if entry.alcoholMeta != nil {
                findings.error("a water entry cannot have alcoholMeta; use type \"alcohol\" for a drink", at: "\(path).alcoholMeta")
            }
            if let amount = entry.waterMeta?.amount {
                let ml = amount.millilitres(defaultUnit: settings.units)
                if !(ml > 0 && ml <= Self.maximumMillilitres) {
                    findings.error("the water amount must be more than 0 and at most \(Format.number(Self.maximumMillilitres)) ml, found \(Self.describe(amount, units: settings.units))", at: "\(path).waterMeta.amount")
                }
            }
        }
    }

    private func checkDrink(size: Volume?, abvPercent: Double?, estimate: Double?, prefix: String, units: VolumeUnit, into findings: inout Findings) {
        if let size {
            let ml = size.millilitres(defaultUnit: units)
            if !(ml > 0 && ml <= Self.maximumMillilitres) {
                findings.error("the drink's size must be more than 0 and at most \(Format.number(Self.maximumMillilitres)) ml, found \(Self.describe(size, units: units))", at: "\(prefix)size")
            }
        }
        if let abvPercent, !(0...100).contains(abvPercent) {
            findings.error("abv is a percentage from 0 to 100 (5 means 5 %), found \(Format.number(abvPercent))", at: "\(prefix)abv")
        }
        if let estimate, !(0...Self.maximumStandardDrinkEstimate).contains(estimate) {
            findings.error("standardDrinkEstimate must be from 0 to \(Format.number(Self.maximumStandardDrinkEstimate)), found \(Format.number(estimate))", at: "\(prefix)standardDrinkEstimate")
        }
    }

    private func check(_ settings: WaterlineSettings.Overrides, prefix: String, into findings: inout Findings) {
        if let n = settings.waterEveryNDrinks, n < 1 {
            findings.error("waterEveryNDrinks must be a whole number greater than 0, found \(n)", at: "\(prefix)waterEveryNDrinks")
        }
        if let threshold = settings.warningThreshold, threshold < 1 {
            findings.error("warningThreshold must be at least 1 (the waterline starts at 0), found \(threshold)", at: "\(prefix)warningThreshold")
        }
        if let minutes = settings.timeReminderIntervalMinutes, !(1...720).contains(minutes) {
            findings.error("timeReminderIntervalMinutes must be from 1 to 720, found \(minutes)", at: "\(prefix)timeReminderIntervalMinutes")
        }
        if let amount = settings.defaultWaterAmount {
            let ml = (settings.units ?? .ml).millilitres(amount)
            if !(ml > 0 && ml <= Self.maximumMillilitres) {
                findings.error("defaultWaterAmount must be more than 0 and at most \(Format.number(Self.maximumMillilitres)) ml, found \(Format.number(amount))", at: "\(prefix)defaultWaterAmount")
            }
        }
        if let minutes = settings.stopRemindersAfterInactiveMinutes, !(1...1440).contains(minutes) {
            findings.error("stopRemindersAfterInactiveMinutes must be from 1 to 1440 (a day), found \(minutes)", at: "\(prefix)stopRemindersAfterInactiveMinutes")
        }
        if let hours = settings.abandonAfterHours, !(hours >= 1 && hours <= 168) {
            findings.error("abandonAfterHours must be from 1 to 168 (a week), found \(Format.number(hours))", at: "\(prefix)abandonAfterHours")
        }
        if let grams = settings.standardDrinkGrams, !(grams > 0 && grams <= 30) {
            findings.error("standardDrinkGrams must be more than 0 and at most 30 g (14 US, 10 Australia, 8 UK), found \(Format.number(grams))", at: "\(prefix)standardDrinkGrams")
        }
    }

    private static func describe(_ volume: Volume, units: VolumeUnit) -> String {
        "\(Format.number(volume.amount)) \((volume.unit ?? units).rawValue)"
    }

    /// An alcohol entry's `alcoholMeta.presetId` names a drink preset; one that names none counts
    /// by the entry's own size and ABV (`SessionEntriesKind.references`).
    public static let presetReference = IDReference(field: "alcoholMeta.presetId", severity: .warning, offer: .inParentheses) { id, _ in
        "presetId \(quoted(id)) names no drink preset in sessions/; the entry counts by its own size and ABV"
    }
}
