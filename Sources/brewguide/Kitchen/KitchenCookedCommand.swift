import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen cooked RECIPE_ID`: records that a kitchen recipe was cooked, in
/// `kitchen/cooked.json` (`CookLogsKind`).
///
/// Rules:
/// - Checked as `check` checks a cook log: the recipe id must name a kitchen recipe (the closest
///   is suggested), `--rating` 1 to 5, `--servings` above 0; `--at` is read as `log --at` reads it
///   (`BrewRecorder.moment`) and a moment after now is refused.
/// - `--photo` is a file inside the data directory, kept as its path from there.
/// - The file is rewritten atomically with the log appended; a file that does not pass `check`
///   is not touched. The id is `cook-<recipe id>-<local yyyyMMdd-HHmm>`, with `-2`, `-3` … when taken.
struct KitchenCookedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cooked",
        abstract: "Record that a kitchen recipe was cooked (kitchen/cooked.json).",
        discussion: "The recipe page then says how often and when it was made, with ratings and notes; the year page's \"cooked most\" counts these logs."
    )

    @Argument(help: "The kitchen recipe's id.") var recipeId: String
    @Option(help: "When it was cooked: 2026-11-12T19:00:00+01:00, or 2026-11-12T19:00 in the journal's time zone (default: now).") var at: String?
    @Option(parsing: .unconditional, help: "How many servings were made.") var servings: Double?
    @Option(parsing: .unconditional, help: "A rating from 1 to 5.") var rating: Int?
    @Option(help: "A note.") var note: String?
    @Option(help: "A photo: a file inside the data directory.") var photo: String?
    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        let request = Request(recipeId: recipeId, at: at, servings: servings, rating: rating, note: note, photo: photo)
        print(try Self.record(request, root: dataOptions.data).said)
    }

    /// What `kitchen cooked` is asked to record: its argument and options.
    struct Request: Sendable {
        var recipeId: String
        var at: String?
        var servings: Double?
        var rating: Int?
        var note: String?
        var photo: String?
    }

    /// Records `request` in the journal at `root` as `brewguide kitchen cooked` does (and `serve
    /// --edit`'s `POST /_api/kitchen/cooked`): under the data lock, checked as `check` checks a
    /// cook log, appended atomically. Returns the log written and the line the command prints.
    static func record(_ request: Request, root: String, command: String = "brewguide kitchen cooked") throws -> (log: CookLog, said: String) {
        let (recipeId, at, servings, rating, note, photo) = (request.recipeId, request.at, request.servings, request.rating, request.note, request.photo)
        let lock = try CommandLock.data(root, for: command)
        defer { lock.release() }
        let now = RunClock.now()
        let dataset = DataDirectoryReader(root: root).read().validated.dataset
        let context = MealPlanContext.load(root: root, dataset: dataset)

        var problems: [String] = []
        let id = recipeId.trimmingCharacters(in: .whitespaces)
        if context.recipes[id] == nil {
            problems.append(CookLog.unknownRecipe(id, known: context.recipes.keys.sorted()))
        }
        if let rating, let problem = CookLog.ratingProblem(rating) { problems.append("--" + problem) }
        if let servings, let problem = CookLog.servingsProblem(servings) { problems.append("--" + problem) }
        let zone = JournalTimeZone(identifier: dataset.preferences?.value.timeZone).zone ?? .current
        var moment = (date: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), offsetSeconds: 0)
        moment.offsetSeconds = zone.secondsFromGMT(for: moment.date)
        if let at = at?.trimmingCharacters(in: .whitespaces) {
            if let parsed = BrewRecorder.moment(from: at, zone: zone) {
                moment = (parsed.date, parsed.offsetSeconds)
                if FutureMoment.isAhead(parsed.date, of: now) { problems.append(FutureMoment.refusal(given: at, now: now)) }
            } else {
                problems.append("--at: expected an ISO 8601 date-time such as 2026-11-12T19:00:00+01:00 (or 2026-11-12T19:00 in the journal's time zone, \(zone.identifier)), found \"\(at)\"")
            }
        }
        var photoPath: String?
        if let photo {
            let full = ((photo.hasPrefix("/") ? photo : (root as NSString).appendingPathComponent(photo)) as NSString).standardizingPath
            let base = (root as NSString).standardizingPath + "/"
            var isFolder: ObjCBool = false
            if !full.hasPrefix(base) {
                problems.append("--photo: \(photo) is outside the data directory; put it in kitchen/images/ first")
            } else if !FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) || isFolder.boolValue {
                problems.append("--photo: no file at \(photo)")
            } else {
                photoPath = String(full.dropFirst(base.count))
            }
        }
        let fileErrors = context.diagnostics.filter { $0.severity == .error && $0.location.file.hasSuffix(CookLogsKind.file) }
        if !fileErrors.isEmpty {
            throw CommandError("\(CookLogsKind.file) must be fixed before a cook can be added to it; nothing was written", findings: fileErrors)
        }
        guard problems.isEmpty else {
            // One `error:` line a problem, as `check` prints its findings; then what was not done.
            throw CommandError(problems.joined(separator: "\nerror: ") + "\nnothing was written")
        }

        let local = LocalTime(moment.date, offsetSeconds: moment.offsetSeconds).iso8601
        let stamp = local.prefix(16).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "T", with: "-")
        let taken = Set(context.plan.cooks.map { RecordID.fileKey($0.value.id) })
        let base = "cook-\(id)-\(stamp)"
        var logID = base
        var suffix = 2
        while taken.contains(RecordID.fileKey(logID)) { logID = "\(base)-\(suffix)"; suffix += 1 }
        let log = CookLog(id: logID, recipeID: id, cookedAt: moment.date, offsetSeconds: moment.offsetSeconds,
                          servings: servings, rating: rating, note: note, photo: photoPath)

        try CookLogsKind.append([log], root: root)
        let title = context.recipes[id]?.title ?? id
        let made = context.plan.cooks.filter { $0.value.recipeID == id }.count + 1
        return (log, "Cooked \(title) (\(logID)) on \(local.prefix(10)): made \(made == 1 ? "once" : "\(made) times")")
    }
}
