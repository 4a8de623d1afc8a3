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

    // Each option sets the field of `LogField.all` it is named for (`given`), and is read as that
    // field's kind by `GivenLogFields`, as the served form's fields are: so numbers are taken as
    // typed, and a value that is not one is said at its option (`--beverage: expected a number`).
    // Numbers take the next argument even when it starts with "-", so that `--dose -5` is refused
    // as a dose that must be positive, not as a missing value.
    @Option(parsing: .unconditional, help: "How it tasted, 1 to 5 stars.")
    var rating: Int

    @Option(help: "Taste tag: tooBitter, tooSour, tooWeak, tooStrong or perfect (default: none, and no hint).")
    var tag: String?

    @Option(help: "A short note, at most 280 characters (Markdown).")
    var note: String?

    @Option(parsing: .unconditional, help: "Coffee dose in grams (default: the recipe's; alone, the yield follows the recipe's ratio).")
    var dose: String?

    @Option(parsing: .unconditional, help: "Target yield in grams (default: the recipe's; alone, the dose follows).")
    var `yield`: String?

    @Option(parsing: .unconditional, help: "Water temperature in °C (default: the recipe's).")
    var temperature: String?

    @Option(help: "Grind label: fine, medium or coarse (default: the recipe's).")
    var grind: String?

    @Option(help: "When it was brewed: 2026-10-01T07:00:00+09:00, or 2026-10-01T07:00 in the journal's time zone (default: now).")
    var at: String?

    @Option(help: "The bean's name, as an imported brew has it.")
    var bean: String?

    @Option(help: "The roaster's name.")
    var roaster: String?

    @Option(help: "The bag of beans brewed, by its id in beans/ (brewguide bean add).")
    var beanId: String?

    @Option(help: "The grinder's setting as text, such as 18 or 2.5.")
    var grinderSetting: String?

    @Option(parsing: .unconditional, help: "How long the brew took: M:SS (3:05) or seconds (185).")
    var brewTime: String?

    @Option(parsing: .unconditional, help: "Total dissolved solids in percent (1.35).")
    var tds: String?

    @Option(parsing: .unconditional, help: "The beverage's mass in the cup in grams (with a TDS, the chart's extraction is TDS × beverage ÷ dose).")
    var beverage: String?

    @Option(parsing: .unconditional, help: "A refractometer's Brix reading in °Bx; without --tds, the TDS is taken as 0.85 × Brix.")
    var brix: String?

    @OptionGroup var dataOptions: DataOptions

    /// Each option's value as typed, by the field of `LogField.all` it sets: the option properties
    /// (`_tds`, `_grinderSetting`), named as ArgumentParser names them (`tds`, `grinder-setting`).
    /// `LogFieldOptionsTests` checks that each settable field has its option and each option its field.
    var given: [LogField: String] {
        var given: [LogField: String] = [:]
        for (name, value) in Self.optionValues(of: self) {
            guard let value, let field = LogField.settable.first(where: { $0.option?.name == name }) else { continue }
            given[field] = value
        }
        return given
    }

    /// The long name and the value as typed of each option of a `log` command (text and whole-number options).
    static func optionValues(of command: LogCommand) -> [(name: String, value: String?)] {
        Mirror(reflecting: command).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_") else { return nil }
            let name = longName(String(label.dropFirst()))
            if let option = child.value as? Option<String?> { return (name, option.wrappedValue) }
            if let option = child.value as? Option<Int> { return (name, String(option.wrappedValue)) }
            return nil
        }
    }

    /// A property's long option as ArgumentParser names it: `grinderSetting` is `grinder-setting`.
    static func longName(_ property: String) -> String {
        property.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }

    /// The options read as `run` reads them: one name flag per field (`--beverage`).
    private var request: (BrewRecorder.Request, errors: [String]) {
        GivenLogFields.reading(recipeId: recipeId, given: given, naming: { $0.option?.flag ?? $0.name }, infinityIsANumber: true)
    }

    /// A value that is not what its option takes is a usage error, as ArgumentParser says one:
    /// thrown here, not from `run`, so that the usage shown is `log`'s, not the top command's.
    func validate() throws {
        let errors = request.errors
        if !errors.isEmpty { throw ValidationError(errors.joined(separator: "\n")) }
    }

    func run() throws {
        let (request, errors) = self.request
        if !errors.isEmpty { throw ValidationError(errors.joined(separator: "\n")) }
        // A `--brew-time` that cannot be read is said with every other problem of the call.
        let unreadBrewTime = request.unreadOptions.first.map(ValidationError.init)
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
