import ArgumentParser
import BrewData
import BrewKit
import BrewSite
import Foundation

/// `brewguide session start|drink|water|end`: logging to the one active night-out session
/// (PRD §9.2, §9.3), as `log` records a brew. See docs/SESSIONS.md, "Logging from the command line".
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Start a night-out session, log drinks and water to it, end it; edit or delete an entry.",
        discussion: """
            Each subcommand works on the one active session, checks the data as brewguide check \
            does, writes one file atomically (keeping every other byte of it) and prints the \
            waterline's new value with any reminder or warning. --at takes what `brewguide log --at` \
            takes (2026-11-23T19:00:00Z, or 2026-11-23T19:00 in the journal's time zone) or HH:MM (the \
            latest such time in the journal's time zone, not after now); without it, now (or \
            BREWGUIDE_NOW). A refused --at writes nothing.
            """,
        subcommands: [Start.self, Drink.self, Water.self, End.self, Edit.self, Delete.self]
    )

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a session (none may be active).")
        @OptionGroup var dataOptions: DataOptions
        @Option(help: "A name for the session, such as \"Sam's birthday\"; it becomes its title.") var name: String?
        @Option(help: "When it started: ISO 8601 or HH:MM; default now.") var at: String?

        func run() throws {
            let now = RunClock.now()
            let outcome = try SessionCommand.perform(.start(name: name, at: try SessionCommand.moment(at, now: now, data: dataOptions.data)), data: dataOptions.data, now: now)
            SessionCommand.startLines(outcome).forEach { print($0) }
        }
    }

    struct Drink: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log an alcoholic drink: a preset, or its type, size and ABV.")
        @OptionGroup var dataOptions: DataOptions
        @OptionGroup var drink: DrinkOptions
        @Option(help: "When: ISO 8601 or HH:MM; default now.") var at: String?

        func run() throws {
            let now = RunClock.now()
            let meta = try drink.meta()
            let outcome = try SessionCommand.perform(.drink(meta, at: try SessionCommand.moment(at, now: now, data: dataOptions.data)), data: dataOptions.data, now: now)
            SessionCommand.report(outcome, now: now)
        }
    }

    struct Water: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Log a glass of water.")
        @OptionGroup var dataOptions: DataOptions
        @Option(help: "The amount: millilitres (250), or ounces with oz (8oz); default the defaultWaterAmount setting, else 250 ml (8 oz).") var amount: String?
        @Option(help: "When: ISO 8601 or HH:MM; default now.") var at: String?

        func run() throws {
            let now = RunClock.now()
            let volume = try amount.map { try SessionCommand.volume($0, option: "--amount") }
            let outcome = try SessionCommand.perform(.water(amount: volume, at: try SessionCommand.moment(at, now: now, data: dataOptions.data)), data: dataOptions.data, now: now)
            SessionCommand.report(outcome, now: now)
        }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End the active session.")
        @OptionGroup var dataOptions: DataOptions
        @Option(help: "When it ended: ISO 8601 or HH:MM; default now.") var at: String?

        func run() throws {
            let now = RunClock.now()
            let outcome = try SessionCommand.perform(.end(at: try SessionCommand.moment(at, now: now, data: dataOptions.data)), data: dataOptions.data, now: now)
            SessionCommand.endLines(outcome, now: now).forEach { print($0) }
            SessionCommand.printWarnings(outcome)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an entry of the active session (or of --session ID, after it): its time, a drink's details or water's amount.",
            discussion: "Each option given replaces the entry's value; the rest are kept. The entry's updatedAt is set. Checked as brewguide check does; nothing is written when the edit would break the data."
        )
        @Argument(help: "The entry's id (the timeline and every session command print it).") var entryID: String
        @OptionGroup var dataOptions: DataOptions
        @Option(help: "The session; default the active one, else the one started last.") var session: String?
        @Option(help: "When: ISO 8601 or HH:MM.") var at: String?
        @OptionGroup var drink: DrinkOptions
        @Option(help: "Water's amount: millilitres (250), or ounces with oz (8oz).") var amount: String?

        func run() throws {
            let now = RunClock.now()
            let change = SessionCommand.change(at: try at.map { try SessionCommand.moment($0, now: now, data: dataOptions.data) }, drink: try drink.meta(),
                                               amount: try amount.map { try SessionCommand.volume($0, option: "--amount") })
            let outcome = try SessionCommand.perform(.editEntry(id: entryID, session: session, change: change), data: dataOptions.data, now: now)
            SessionCommand.editLines(outcome, entryID: entryID, now: now).forEach { print($0) }
            SessionCommand.printWarnings(outcome)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an entry of the active session (or of --session ID, after it).",
            discussion: "The waterline and every reminder are recomputed without it. Checked as brewguide check does; nothing is written when the deletion would break the data."
        )
        @Argument(help: "The entry's id.") var entryID: String
        @OptionGroup var dataOptions: DataOptions
        @Option(help: "The session; default the active one, else the one started last.") var session: String?

        func run() throws {
            let now = RunClock.now()
            let outcome = try SessionCommand.perform(.deleteEntry(id: entryID, session: session), data: dataOptions.data, now: now)
            SessionCommand.deleteLines(outcome, entryID: entryID, now: now).forEach { print($0) }
            SessionCommand.printWarnings(outcome)
        }
    }

    /// Runs the action holding the data directory's lock, so that a merge, an erase or another
    /// `session` cannot write between the read and the write.
    /// `source`: written on a new drink or water (`phone` from the served page).
    static func perform(_ action: SessionLogger.Action, data: String, now: Date, source: EntrySource? = nil) throws -> SessionLogger.Outcome {
        let lock = try CommandLock.data(data, for: "brewguide session")
        defer { lock.release() }
        do {
            return try SessionLogger(root: data, now: now, source: source).perform(action)
        } catch {
            throw CommandError(error.message, findings: error.diagnostics)
        }
    }

    /// What a drink or water did: "+1 → 2 above centre: drink water to return to centre", then any
    /// reminder or warning it raised.
    static func report(_ outcome: SessionLogger.Outcome, now: Date) {
        reportLines(outcome, now: now).forEach { print($0) }
        printWarnings(outcome)
    }

    /// `session start`'s lines: what was started, where.
    static func startLines(_ outcome: SessionLogger.Outcome) -> [String] {
        let zone = JournalTimeZone(identifier: outcome.dataset.preferences?.value.timeZone)
        return forgottenLines(outcome) + ["started \(outcome.session.id) (\(SessionText.title(outcome.session, in: zone))) at \(SessionText.clock(outcome.session.startTime, in: zone)) in \(outcome.path)",
                "the waterline is at centre"]
    }

    /// `session edit`'s change: each value given replaces the entry's (`edit` and the served
    /// `/_api/session/edit` both make it here).
    static func change(at: Date?, drink meta: AlcoholMeta, amount: Volume?) -> SessionEntryChange {
        SessionEntryChange(timestamp: at, drinkType: meta.drinkType, size: meta.size, abvPercent: meta.abvPercent,
                           standardDrinkEstimate: meta.standardDrinkEstimate, presetId: meta.presetId, waterAmount: amount)
    }

    /// `session edit`'s lines: what was edited, where, then the entry and what it does to the line now.
    static func editLines(_ outcome: SessionLogger.Outcome, entryID: String, now: Date) -> [String] {
        ["edited entry \(entryID) of \(outcome.session.id) in \(outcome.path)"] + reportLines(outcome, now: now)
    }

    /// `session delete`'s lines: what was deleted, where, and the line's new end and range.
    static func deleteLines(_ outcome: SessionLogger.Outcome, entryID: String, now: Date) -> [String] {
        let summary = summary(outcome, now: now)
        return ["deleted entry \(entryID) of \(outcome.session.id) in \(outcome.path)",
                "the waterline now ends \(SessionText.position(summary.finalWaterline)) (\(SessionText.range(summary)))"]
    }

    /// `session end`'s lines: the night in five lines.
    static func endLines(_ outcome: SessionLogger.Outcome, now: Date) -> [String] {
        let summary = summary(outcome, now: now)
        return [
            "ended \(outcome.session.id) (\(SessionText.title(summary))) at \(SessionText.clock(summary.end, in: summary.timeZone)) after \(SessionText.duration(minutes: summary.durationMinutes)) in \(outcome.path)",
            "\(summary.alcoholicDrinks == 1 ? "1 drink" : "\(summary.alcoholicDrinks) drinks"), \(summary.waterEntries == 1 ? "1 water break" : "\(summary.waterEntries) water breaks"); waterline \(SessionText.range(summary))",
            "pacing warnings: \(SessionText.warnings(summary))",
            "pacing: \(SessionText.adherence(summary))",
            "brewguide summary \(outcome.session.id) shows the whole night",
        ]
    }

    /// The night left open that this start, drink or water ended first (`SessionLogger.forgottenEnd`),
    /// and the night a drink or water then started: "ended birthday-1121 (…) at 23:40, its last
    /// entry: it had no entry for 12 h or more", "started night-out-… for this entry".
    static func forgottenLines(_ outcome: SessionLogger.Outcome) -> [String] {
        guard let ended = outcome.endedForgotten, let end = ended.endTime else { return [] }
        let zone = JournalTimeZone(identifier: outcome.dataset.preferences?.value.timeZone)
        let settings = outcome.dataset.waterline.overridden(by: ended.settings)
        let hours = Format.number(settings.abandonAfterHours, decimals: 1)
        let last = ended.entries.map(\.timestamp).max()
        let at = last == nil ? "a minute after its start, as it has no entry" : last == end ? "its last entry" : "a minute after its last entry, at its start"
        var lines = ["ended \(ended.id) (\(SessionText.title(ended, in: zone))) at \(SessionText.dayAndTime(end, in: zone)), \(at): it had no entry for \(hours) h or more, so it was over"]
        if outcome.session.id != ended.id, outcome.entryID != nil {
            lines.append("started \(outcome.session.id) (\(SessionText.title(outcome.session, in: zone))) at \(SessionText.clock(outcome.session.startTime, in: zone)) for this entry")
        }
        return lines
    }

    /// The lines `report` prints (its warnings aside).
    static func reportLines(_ outcome: SessionLogger.Outcome, now: Date) -> [String] {
        var lines: [String] = forgottenLines(outcome)
        func print(_ line: String) { lines.append(line) }
        let summary = summary(outcome, now: now)
        guard let id = outcome.entryID, let item = summary.timeline.first(where: { $0.entry.id == id }) else { return [] }
        let threshold = summary.settings.warningThreshold
        let what = SessionText.describe(item, presets: outcome.dataset.drinkPresetsByID, units: summary.settings.units)
        print("\(what) at \(SessionText.clock(item.entry.timestamp, in: summary.timeZone)), entry \(id) of \(outcome.session.id)")
        var line = "\(SessionText.signed(item.delta)) → \(SessionText.position(item.waterline))"
        if item.waterline >= threshold { line += ": \(SessionText.returnToCentre.lowercased())" }
        print(line)
        let warnings = summary.pacingWarnings.filter { $0.entryId == id }
        if warnings.contains(where: { $0.kind == .threshold }) { print("pacing warning: the waterline reached the water-break mark of \(threshold)") }
        // A reminder is a nudge ("time for water"); the drinks-since-water warning is drinking past
        // the rule, and comes with the reminder that drink gives: one line says both.
        if let reminder = item.reminder {
            let drinks = reminder.drinksSinceWater == 1 ? "1 drink" : "\(reminder.drinksSinceWater) drinks"
            if warnings.contains(where: { $0.kind == .drinksSinceWater }) {
                print("pacing warning: \(drinks) since the last water break, past the rule of \(SessionText.rule(summary.settings)); time for water")
            } else {
                print("time for water: \(drinks) since the last water break")
            }
        }
        if summary.pacingWarnings.contains(where: { $0.returnedBelowAt == item.entry.timestamp }), item.waterline < threshold {
            print("back below the water-break mark of \(threshold)")
        }
        return lines
    }

    /// The session's summary after the edit, in the journal's time zone.
    static func summary(_ outcome: SessionLogger.Outcome, now: Date) -> SessionSummary {
        var summary = SessionSummary(session: outcome.session, settings: outcome.dataset.waterline, presets: outcome.dataset.drinkPresetsByID, now: now)
        summary.timeZone = JournalTimeZone(identifier: outcome.dataset.preferences?.value.timeZone)
        return summary
    }

    static func printWarnings(_ outcome: SessionLogger.Outcome) {
        if !outcome.warnings.isEmpty { StandardError.write(DiagnosticPrinter.text(outcome.warnings)) }
    }

    /// `--type` as a drink type, any case; otherwise an error naming the types.
    static func drinkType(_ text: String) throws -> DrinkType {
        guard let known = DrinkType(rawValue: text.lowercased()) else {
            throw ValidationError("--type must be one of \(DrinkType.allCases.map(\.rawValue).joined(separator: ", ")), found \(FoundValue.quoted(text))")
        }
        return known
    }

    /// `473` (ml), `473ml`, `12oz`, `12 oz`.
    static func volume(_ text: String, option: String) throws -> Volume {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        var unit = VolumeUnit.ml
        var number = trimmed
        if trimmed.hasSuffix("oz") { unit = .oz; number = String(trimmed.dropLast(2)) } else if trimmed.hasSuffix("ml") { number = String(trimmed.dropLast(2)) }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ValidationError("\(option) takes millilitres (473) or ounces (12oz), found \(FoundValue.quoted(text))")
        }
        return Volume(value, unit)
    }

    /// `--at` in the data directory's journal time zone (`preferences.json` `timeZone`, else UTC).
    static func moment(_ text: String?, now: Date, data: String) throws -> Date {
        let zone = DataDirectoryReader(root: data).journalTimeZone()
        return try moment(text, now: now, zone: zone.zone ?? TimeZone(identifier: "UTC")!)
    }

    /// Every form `brewguide log --at` takes (an ISO 8601 date-time with an offset, or
    /// 2026-11-23T19:00 on the clock of `zone`), or HH:MM: the latest moment with that clock time
    /// not after `now`. A moment after now is refused: the log records what happened. Both
    /// refusals exit 1 (docs/SESSIONS.md), as `log`'s do.
    static func moment(_ text: String?, now: Date, zone: TimeZone) throws -> Date {
        guard let text = text?.trimmingCharacters(in: .whitespaces) else { return now }
        if let parsed = BrewRecorder.moment(from: text, zone: zone) {
            if FutureMoment.isAhead(parsed.date, of: now) { throw CommandError(FutureMoment.refusal(given: text, now: now)) }
            // A time the clocks skipped is taken an hour on: said, as `log` says it.
            if let note = BrewRecorder.skippedLocalTime(text, recorded: parsed, zone: zone) { StandardError.write(note + "\n") }
            return parsed.date
        }
        let parts = text.split(separator: ":")
        if parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute), parts[1].count == 2 {
            let offsetSeconds = zone.secondsFromGMT(for: now)
            let seconds = Int(now.timeIntervalSince1970.rounded(.down))
            let local = seconds + offsetSeconds
            let midnight = local - ((local % 86_400) + 86_400) % 86_400 - offsetSeconds
            var moment = midnight + hour * 3600 + minute * 60
            if moment > seconds { moment -= 86_400 }
            return Date(timeIntervalSince1970: Double(moment))
        }
        // Exit status 1, as docs/SESSIONS.md says (a usage error would be 64).
        throw CommandError("--at takes an ISO 8601 date-time (2026-11-21T21:15:00Z, or 2026-11-21T21:15 in the journal's time zone, \(zone.identifier)) or HH:MM (21:15), found \(FoundValue.quoted(text))")
    }
}
