import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide log`: records a brew (PRD 3.8, US-017–019) in the logs file of its month.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Record a brew: its rating, taste tag and note, with the recipe's values.",
        discussion: """
            The brew is a snapshot of the recipe (its name and its defaults for what is not given; a \
            dose alone derives the yield from the recipe's ratio, a yield alone the dose) at the current \
            time in the journal's time zone, or --at. It is checked as `brewguide check` checks a log and \
            appended to logs/YYYY-MM.json (or the month's .csv when that is what exists) of its local \
            month, keeping every other byte of the file; its id is log-YYYYMMDD-HHMM. A bad value is \
            refused with check's message and nothing is written. The recipe becomes the last selected \
            one in preferences.json. See docs/JOURNAL.md.
            """
    )

    @Argument(help: "The recipe brewed, as in `brewguide check` (for example v60-starter).")
    var recipeId: String

    // Numbers take the next argument even when it starts with "-", so that `--dose -5` is refused
    // as a dose that must be positive, not as a missing value.
    @Option(parsing: .unconditional, help: "How it tasted, 1 to 5 stars.")
    var rating: Int

    @Option(help: "Taste tag: tooBitter, tooSour, tooWeak, tooStrong or perfect (default: none, and no hint).")
    var tag: String?

    @Option(help: "A short note, at most 280 characters (Markdown).")
    var note: String?

    @Option(parsing: .unconditional, help: "Coffee dose in grams (default: the recipe's; alone, the yield follows the recipe's ratio).")
    var dose: Double?

    @Option(name: .customLong("yield"), parsing: .unconditional, help: "Target yield in grams (default: the recipe's; alone, the dose follows).")
    var targetYield: Double?

    @Option(parsing: .unconditional, help: "Water temperature in °C (default: the recipe's).")
    var temperature: Double?

    @Option(help: "Grind label: fine, medium or coarse (default: the recipe's).")
    var grind: String?

    @Option(help: "When it was brewed: 2026-10-01T07:00:00+09:00, or 2026-10-01T07:00 in the journal's time zone (default: now).")
    var at: String?

    @Option(help: "The bean's name, as an imported brew has it.")
    var bean: String?

    @Option(help: "The roaster's name.")
    var roaster: String?

    @Option(name: .customLong("bean-id"), help: "The bag of beans brewed, by its id in beans/ (brewguide bean add).")
    var beanId: String?

    @Option(help: "The grinder's setting as text, such as 18 or 2.5.")
    var grinderSetting: String?

    @Option(parsing: .unconditional, help: "How long the brew took: M:SS (3:05) or seconds (185).")
    var brewTime: String?

    @Option(parsing: .unconditional, help: "Total dissolved solids in percent (1.35).")
    var tds: Double?

    @Option(name: .customLong("beverage"), parsing: .unconditional, help: "The beverage's mass in the cup in grams (with a TDS, the chart's extraction is TDS × beverage ÷ dose).")
    var beverageGrams: Double?

    @Option(parsing: .unconditional, help: "A refractometer's Brix reading in °Bx; without --tds, the TDS is taken as 0.85 × Brix.")
    var brix: Double?

    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        // A `--brew-time` that cannot be read is said with every other problem of the call.
        var brewTimeSeconds: Double?
        var unreadBrewTime: ValidationError?
        do { brewTimeSeconds = try brewTime.map(Self.seconds) } catch let error as ValidationError { unreadBrewTime = error }
        var request = BrewRecorder.Request(
            recipeId: recipeId, rating: rating, tasteTag: tag, note: note, doseGrams: dose, targetYieldGrams: targetYield,
            waterTemperatureCelsius: temperature, grindLabel: grind, at: at,
            bean: bean, roaster: roaster, grinderSetting: grinderSetting, brewTimeSeconds: brewTimeSeconds, tds: tds, beanId: beanId)
        request.unreadOptions = unreadBrewTime.map { [$0.message] } ?? []
        request.measures["beverageGrams"] = beverageGrams
        request.measures["brix"] = brix
        let recording: BrewRecorder.Recording, messages: String
        do {
            (recording, messages) = try Self.record(request, root: dataOptions.data)
        } catch let refusal as CommandError {
            // Alone, it is said as before: as a usage error.
            if let unreadBrewTime, refusal.reason == unreadBrewTime.message, refusal.findings.isEmpty, refusal.location == nil { throw unreadBrewTime }
            throw refusal
        }
        StandardError.write(messages)
        print(Self.describe(recording))
    }

    /// Records `request` in the journal at `root` as `brewguide log` does (and `serve --edit`'s
    /// `POST /_api/log`): under the data lock, checked as `check` checks a log, written
    /// atomically. Returns the recording and the warnings and notes to show. `serve` passes the
    /// `reader` it keeps, so that only the files changed since its last write are read again.
    static func record(_ request: BrewRecorder.Request, root: String, command: String = "brewguide log",
                       reader: KeptDataReader? = nil) throws -> (BrewRecorder.Recording, messages: String) {
        // The data directory is locked from the read to the last write, so two commands never
        // add to the same file at once (DataDirectoryLock).
        let lock = try CommandLock.data(root, for: command)
        defer { lock.release() }
        let data = reader?.read() ?? DataDirectoryReader(root: root).read()
        let recording = try BrewRecorder(root: root).record(request, data: data, now: RunClock.now())
        do {
            try AtomicFile.write(recording.logBytes, to: recording.logPath)
        } catch {
            throw error.commandError(then: "nothing was written")
        }
        var messages = ""
        if let bytes = recording.preferencesBytes {
            do {
                try AtomicFile.write(bytes, to: recording.preferencesPath)
            } catch {
                messages += "warning: the brew was recorded, but the last selected recipe was not saved: \(error)\n"
            }
        }
        messages += DiagnosticPrinter.text(recording.warnings) + recording.notes.map { $0 + "\n" }.joined()
        return (recording, messages)
    }

    /// `--brew-time`: `3:05` or `185` (seconds).
    static func seconds(_ text: String) throws -> Double {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 1, let seconds = Double(parts[0]), seconds.isFinite { return seconds }
        if parts.count == 2, let minutes = Int(parts[0]), parts[1].count == 2, let seconds = Int(parts[1]), minutes >= 0, (0..<60).contains(seconds) {
            return Double(minutes) * 60 + Double(seconds)
        }
        throw ValidationError("--brew-time takes M:SS (3:05) or seconds (185), found \(FoundValue.quoted(text))")
    }

    /// What was recorded, as a brewer reads it.
    static func describe(_ recording: BrewRecorder.Recording) -> String {
        let log = recording.log
        // `brewguide log` always records a rating (only imported brews may lack one).
        let rating = log.rating ?? 0
        let stars = String(repeating: "★", count: max(0, min(5, rating))) + String(repeating: "☆", count: max(0, 5 - max(0, rating)))
        var lines = [
            "Recorded \(log.id) in \(recording.logPath)",
            "  \(recording.local.dayAndTime) · \(log.recipeNameAtBrew)",
            "  \(Format.grams(log.doseGrams)) → \(Format.grams(log.targetYieldGrams)) (\(Format.ratio(log.ratio))) · \(Format.number(log.waterTemperatureCelsius, decimals: 1)) °C · grind \(log.grindLabel.rawValue)",
            "  \(stars) (\(rating)/5)" + (log.tasteTag.map { " · \($0.displayName)" } ?? ""),
        ]
        let details = [log.beanId.map { "bag \($0)" }, log.bean.map { "bean \($0)" }, log.roaster.map { "roaster \($0)" }, log.grinderSetting.map { "grinder setting \($0)" },
                       log.brewTimeSeconds.map { "brew time \(Format.clock($0))" }, log.tds.map { "TDS \(Format.number($0, decimals: 2)) %" },
                       log.brix.map { "Brix \(Format.number($0, decimals: 2)) °Bx" + (log.isTDSFromBrix ? " (TDS from Brix \(Format.number(log.measuredTDSPercent ?? 0, decimals: 2)) %)" : "") },
                       log.beverageGrams.map { "beverage \(Format.grams($0))" }].compactMap { $0 }
        if !details.isEmpty { lines.append("  " + details.joined(separator: " · ")) }
        if let note = log.note { lines.append("  Note: \(note)") }
        if let hint = AdjustmentHint.hint(for: log.tasteTag) {
            lines.append("Hint: \(hint)")
        } else {
            lines.append("No taste tag, so no hint (add --tag tooBitter|tooSour|tooWeak|tooStrong|perfect).")
        }
        return lines.joined(separator: "\n")
    }
}
