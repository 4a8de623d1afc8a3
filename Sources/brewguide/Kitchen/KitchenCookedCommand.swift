import ArgumentParser
import BrewClip
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
/// - `--photo` is an image file (JPEG, PNG, WebP or GIF, at most `KitchenPhotoFiles.maximumBytes`)
///   that libgd decodes, as `kitchen clip` and `kitchen import` keep photos; it is copied to
///   `kitchen/images/<log id>.<ext>` (never over a file) and the log names that copy. One that does
///   not decode is refused with the other problems, and nothing is written.
/// - The file is rewritten atomically with the log appended; a file that does not pass `check`
///   is not touched. The id is `cook-<recipe id>-<local yyyyMMdd-HHmm>`, with `-2`, `-3` … when taken.
///   The photo is written first as a pending file and put in place once the log is written
///   (`KitchenPhotoFiles.Pending`): a run stopped in between leaves no photo that no log names.
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
    @Option(help: "A photo of the dish (JPEG, PNG, WebP or GIF), copied into kitchen/images/.") var photo: String?
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
        // One read of the journal: photos are not records, so putting a pending one in place changes nothing read.
        let dataset = DataDirectoryReader(root: root).read().validated.dataset
        // Photos a stopped cook, import or clip left pending: put in place when named, else removed.
        for line in KitchenPhotoFiles.finishInterrupted(root: root, namedPhotos: KitchenPhotoFiles.named(by: dataset.kitchenRecipes.map(\.value))) {
            StandardError.write(line + "\n")
        }
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
                if let note = BrewRecorder.skippedLocalTime(at, recorded: parsed, zone: zone) { StandardError.write(note + "\n") }
            } else {
                problems.append("--at: expected an ISO 8601 date-time such as 2026-11-12T19:00:00+01:00 (or 2026-11-12T19:00 in the journal's time zone, \(zone.identifier)), found \(FoundValue.quoted(at))")
            }
        }
        var image: AppRecipe.Photo?
        if let photo {
            switch Self.readPhoto(photo) {
            case .success(let read): image = read
            case .failure(let problem): problems.append("--photo: \(photo): \(problem.reason)")
            }
        }
        let fileErrors = context.diagnostics.filter { $0.severity == .error && $0.location.file.hasSuffix(CookLogsKind.file) }
        if !fileErrors.isEmpty {
            throw CommandError("\(CookLogsKind.file) must be fixed before a cook can be added to it; nothing was written", findings: fileErrors)
        }
        if problems.isEmpty {
            // What else `check` would refuse in the log as it would be written (the bounds every
            // record has: a servings figure or a note too large, a control character in the note).
            let probe = CookLog(id: "cook-probe", recipeID: id, cookedAt: moment.date, offsetSeconds: moment.offsetSeconds,
                                servings: servings, rating: rating, note: note, photo: nil)
            problems += CookLogsKind.problems(of: probe).map { "--" + $0 }
        }
        guard problems.isEmpty else {
            // One `error:` line a problem, as `check` prints its findings; then what was not done.
            throw CommandError(problems.joined(separator: "\nerror: ") + "\nnothing was written")
        }

        let local = LocalTime(moment.date, offsetSeconds: moment.offsetSeconds).iso8601
        let stamp = local.prefix(16).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "T", with: "-")
        let logID = try FreshRecordID(kind: .cookLog, takenIDs: context.plan.cooks.map(\.value.id), root: root).make(base: "cook-\(id)-\(stamp)")
        var pending = KitchenPhotoFiles.Pending()
        var photoPath: String?
        if let image {
            let relative = KitchenPhotoFiles.freePath(for: logID, fileExtension: image.fileExtension, root: root)
            pending = try KitchenPhotoFiles.write(image, to: relative, root: root, gridCopy: false)
            photoPath = relative
        }
        let log = CookLog(id: logID, recipeID: id, cookedAt: moment.date, offsetSeconds: moment.offsetSeconds,
                          servings: servings, rating: rating, note: note, photo: photoPath)

        do {
            try CookLogsKind.append([log], root: root)
        } catch {
            KitchenPhotoFiles.remove(pending.pendingPaths)
            throw error
        }
        try KitchenPhotoFiles.commit(pending)
        let title = context.recipes[id]?.title ?? id
        let made = context.plan.cooks.filter { $0.value.recipeID == id }.count + 1
        let said = "Cooked \(title) (\(logID)) on \(local.prefix(10)): made \(made == 1 ? "once" : "\(made) times")"
        return (log, said + (photoPath.map { "\nPhoto kept as \($0)" } ?? ""))
    }

    /// Why a photo is not kept, in words.
    struct PhotoProblem: Error { var reason: String }

    /// The photo at `path` (from the current directory): a regular file of at most
    /// `KitchenPhotoFiles.maximumBytes`, read without reading more, that is a JPEG, PNG, WebP or
    /// GIF image libgd decodes (`GridImage.check`).
    static func readPhoto(_ path: String) -> Result<AppRecipe.Photo, PhotoProblem> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(PhotoProblem(reason: "no file there (\(String(cString: strerror(errno))))")) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(PhotoProblem(reason: "not a regular file; expected an image file such as soup.jpg")) }
        let limit = KitchenPhotoFiles.maximumBytes
        guard Int(status.st_size) <= limit else {
            return .failure(PhotoProblem(reason: "\(status.st_size) bytes, more than the \(limit / 1_000_000) MB a photo may have"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(PhotoProblem(reason: "cannot be read")) }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: limit + 1)) ?? Data())
        guard bytes.count <= limit else { return .failure(PhotoProblem(reason: "more than the \(limit / 1_000_000) MB a photo may have")) }
        guard let photo = AppRecipe.Photo.sniffing(bytes) else {
            return .failure(PhotoProblem(reason: "not a JPEG, PNG, WebP or GIF image (expected a photo of the dish)"))
        }
        if case .failure(let problem) = GridImage.check(photo) {
            return .failure(PhotoProblem(reason: "the \(photo.fileExtension.uppercased()) image is not kept: \(problem.reason)"))
        }
        return .success(photo)
    }
}
