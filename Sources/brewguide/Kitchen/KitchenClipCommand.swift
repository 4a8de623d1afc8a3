import ArgumentParser
import BrewClip
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen clip`: keeps a recipe seen on a web page, a saved page or a caption.
struct KitchenClipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clip",
        abstract: "Clip recipes from saved pages (.html, .html.gz), https URLs or captions (a text file, or - for standard input).",
        discussion: """
            Each recipe is written as kitchen/recipes/<id>.json with a new id, atomically, after it passes \
            check; nothing is ever overwritten. When nothing can be read from a source, nothing is written and \
            the exit status is 1: try again, or use --keep-source to keep a recipe shell with the title and \
            source to fill in by hand. --inbox clips kitchen/inbox.json's pending entries (--retry: the \
            failed ones too); an inbox URL whose page cannot be fetched is kept as a shell with the URL \
            (shown as "Couldn't retrieve metadata"). See docs/KITCHEN.md.
            """
    )

    @Argument(help: "Saved pages, URLs, caption files or - (standard input).")
    var sources: [String] = []

    @Flag(help: "Clip every pending entry of kitchen/inbox.json and record each outcome there.")
    var inbox = false

    @Flag(help: "With --inbox: clip the failed entries again too (\"Try Again\").")
    var retry = false

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Breakfast, Lunch, Dinner or Snack (default: from the page's category, else Dinner).")
    var category: KitchenCategory?

    @Flag(help: "Print what would be written; write nothing.")
    var dryRun = false

    @Flag(help: "When nothing can be read, keep a recipe shell (title, source, servings 1) to edit by hand.")
    var keepSource = false

    @Flag(help: "Clip a page even when a recipe from the same address is already in the kitchen.")
    var again = false

    @Flag(help: "Keep the page's link to its photo instead of saving the photo in kitchen/images/.")
    var noPhoto = false

    @Flag(name: .customLong("photo"), help: "For a saved page (a file): also fetch its photo from the web into kitchen/images/ (a page clipped from its address saves its photo; a saved one makes no request unless asked).")
    var fetchPhoto = false

    @Flag(help: "Also say where the page's structured data and what it shows disagreed, and which was kept.")
    var verbose = false

    func validate() throws {
        if sources.isEmpty && !inbox { throw ValidationError("name a saved page, a URL, a caption file or -, or give --inbox") }
        if retry && !inbox { throw ValidationError("--retry goes with --inbox: it clips the inbox's failed entries again") }
    }

    func run() async throws {
        let root = dataOptions.data
        // The data directory is locked from the read of the ids taken to the last write (DataDirectoryLock).
        let lock = dryRun ? nil : try CommandLock.data(root, for: "brewguide kitchen clip")
        defer { lock?.release() }
        var recipes = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value)
        if !dryRun {
            // Photos a stopped import or clip left pending: put in place for a recipe written, else removed.
            let finished = KitchenPhotoFiles.finishInterrupted(root: root, namedPhotos: KitchenPhotoFiles.named(by: recipes))
            for line in finished { StandardError.write(line + "\n") }
            if !finished.isEmpty { recipes = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value) }
        }
        var taken = Set(recipes.map(\.id))
        var failures = 0
        if inbox { failures += try await clipInbox(taken: &taken) }
        for source in sources {
            switch await clip(source, taken: taken) {
            case .success(let id): taken.insert(id)
            case .failure(let error):
                failures += 1
                StandardError.report(error)
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// Clips every pending inbox entry, recording each outcome in the inbox file (rewritten
    /// atomically after each entry); the number that failed.
    func clipInbox(taken: inout Set<String>) async throws -> Int {
        let root = dataOptions.data
        var diagnostics: [Diagnostic] = []
        let entries = KitchenInbox.read(root: root, diagnostics: &diagnostics)
        if diagnostics.hasErrors {
            throw CommandError("\(KitchenInbox.path(root: root)) has errors; fix them first", findings: diagnostics)
        }
        let pending = entries.map(\.value).filter { $0.status == .pending || (retry && $0.status == .failed) }
        if pending.isEmpty { print(retry ? "the inbox has nothing pending or failed" : "the inbox has nothing pending") }
        var failures = 0
        for entry in pending {
            let outcome: Result<String, CommandError>
            var note: String?
            if entry.type == .url {
                // MOD/SYS/003.2 (TC-025): a page that cannot be fetched does not block the import:
                // the entry is kept as a shell with its URL (and the title and caption the share gave).
                let takenNow = taken
                outcome = await clip(entry.content, taken: takenNow) { fetchError in
                    var shell = ClippedRecipe.shell(url: entry.content)
                    if let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty { shell.title = title }
                    if let caption = entry.caption?.trimmingCharacters(in: .whitespacesAndNewlines), !caption.isEmpty { shell.caption = caption }
                    StandardError.write("inbox \(entry.id): Couldn't retrieve metadata (\(Self.withoutSource(fetchError.message, entry.content))); keeping a recipe shell with the URL to fill in by hand\n")
                    note = "Couldn't retrieve metadata"
                    return await write(shell, source: "inbox \(entry.id) (\(entry.content))", taken: takenNow, shell: true)
                }
            } else {
                let clipped = KitchenCaptionReader.read(entry.content)
                outcome = clipped.hasRecipe ? await write(clipped, source: "inbox \(entry.id)", taken: taken, shell: false)
                    : await nothingRead("inbox \(entry.id)", because: "no ingredients or steps found in the text", fallback: clipped)
            }
            let recorded: (status: KitchenInboxEntry.Status, error: String?, recipeId: String?)
            switch outcome {
            case .success(let id):
                taken.insert(id)
                recorded = (.ready, note, id)
            case .failure(let error):
                failures += 1
                StandardError.report(error)
                recorded = (.failed, error.message, nil)
            }
            if dryRun { continue }
            let path = KitchenInbox.path(root: root)
            do {
                let file = try RawDataFile.load(path: path, relativePath: KitchenInbox.relativePath, folderKind: .kitchenRecipes)
                guard case .json(let value) = file.content else { continue }
                try AtomicFile.write(CanonicalJSON.bytes(KitchenInbox.recording(recorded, forEntry: entry.id, in: value), sortKeys: false), to: path)
            } catch {
                throw CommandError("cannot record the outcome in \(path): \(error)")
            }
        }
        return failures
    }

    /// Reads one source (`ClipSource`) and writes (or prints) its recipe; the id written.
    /// `onFetchFailure`, when given, decides what a URL whose page cannot be fetched becomes (the
    /// inbox keeps a shell).
    func clip(_ argument: String, taken: Set<String>, onFetchFailure: ((CommandError) async -> Result<String, CommandError>)? = nil) async -> Result<String, CommandError> {
        // An inbox's URL entry is an address whatever it looks like, never a file on this machine.
        let source = onFetchFailure == nil ? ClipSource(argument) : .url(argument)
        if case .url(let url) = source, let known = alreadyClipped(url) { return .failure(known) }
        switch await source.read() {
        case .read(let clipped):
            return await write(clipped, source: argument, taken: taken, shell: false)
        case .nothingRead(let reason, let wayOn, let shell):
            return await nothingRead(argument, because: reason, wayOn: wayOn, fallback: shell)
        case .notFetched(let error, let shell):
            if let onFetchFailure { return await onFetchFailure(error) }
            return await nothingRead(argument, because: error.message, fallback: shell)
        case .unreadable(let error):
            return .failure(error)
        }
    }

    /// Nothing could be read: exit 1 naming the two ways on (MOD/SYS/003.3), or with
    /// `--keep-source` the "Edit Manually" shell.
    /// `wayOn` is the first way on, for a cause that trying again later cannot mend.
    /// The URL is named once: a reason that starts with it, or ends naming it, loses it.
    func nothingRead(_ source: String, because reason: String, wayOn: String = "Try again later", fallback: ClippedRecipe) async -> Result<String, CommandError> {
        guard keepSource else {
            return .failure(CommandError("\(source): \(Self.withoutSource(reason, source)); nothing was written. \(wayOn), or run again with --keep-source to keep a recipe shell (title and source) to fill in by hand."))
        }
        return await write(fallback, source: source, taken: taken(), shell: true)
    }

    /// `reason` without a leading "SOURCE: " or a trailing `; found "SOURCE"`, so that a message
    /// that already names the source does not name it twice.
    static func withoutSource(_ reason: String, _ source: String) -> String {
        var text = reason
        if text.hasPrefix(source + ": ") { text = String(text.dropFirst(source.count + 2)) }
        if text.hasSuffix("; found \"\(source)\"") { text = String(text.dropLast("; found \"\(source)\"".count)) }
        return text
    }

    func taken() -> Set<String> {
        Set(DataDirectoryReader(root: dataOptions.data).read().validated.dataset.kitchenRecipes.map(\.value.id))
    }

    /// The refusal of a page whose address is already a recipe's `sourceUrl`, unless `--again`.
    func alreadyClipped(_ url: String?) -> CommandError? {
        guard !again, let url, KitchenValidator.isWebURL(url) else { return nil }
        let key = KitchenClipWriter.sourceKey(url)
        let recipes = DataDirectoryReader(root: dataOptions.data).read().validated.dataset.kitchenRecipes
        guard let recipe = recipes.first(where: { $0.value.sourceUrl.map(KitchenClipWriter.sourceKey) == key }) else { return nil }
        return CommandError("\(url): already in the kitchen as \(RecordKind.kitchenRecipes.folderName)/\(recipe.value.id).json (\"\(recipe.value.title)\"); nothing was written. Run again with --again to clip it once more.")
    }

    /// Writes (or prints) the recipe; with the page's photo downloaded into `kitchen/images/`
    /// (`KitchenPhotoFiles`) unless `--dry-run` or `--no-photo`: a photo that cannot be saved leaves
    /// the recipe its remote link, with a warning that says so.
    func write(_ clipped: ClippedRecipe, source: String, taken: Set<String>, shell: Bool) async -> Result<String, CommandError> {
        if let known = alreadyClipped(clipped.sourceUrl) { return .failure(known) }
        var photoFiles = KitchenPhotoFiles.Pending()
        do {
            var draft = try KitchenClipWriter.draft(clipped, root: dataOptions.data, category: category, takenIDs: taken, shell: shell)
            var photoNote = ""
            // The photo may be on this machine only at the place the person typed (`PageFetcher.Origin`).
            let typed = if case .url(let url) = ClipSource(source) { url } else { nil as String? }
            // A saved page was read from this machine: its photo is fetched only when asked
            // (`--photo`), as a private journal makes no request nobody asked for.
            if !dryRun, !noPhoto, !shell, typed == nil, !fetchPhoto, let image = clipped.image, KitchenValidator.isWebURL(image) {
                StandardError.write("note: \(source): its photo \(image) was not fetched (the page was read from a file); run again with --photo to save it in kitchen/images/, until then the pages show a placeholder\n")
            }
            if !dryRun, !noPhoto, !shell, typed != nil || fetchPhoto, let image = clipped.image, KitchenValidator.isWebURL(image) {
                switch await KitchenPhotoFiles.download(image, id: draft.id, root: dataOptions.data, page: typed) {
                case .success(let saved):
                    photoFiles = saved.pending
                    draft = try KitchenClipWriter.draft(clipped, root: dataOptions.data, category: category, takenIDs: taken, shell: shell, thumbnail: saved.path)
                    photoNote = ", photo \(saved.path)"
                case .failure(let error):
                    StandardError.write("warning: \(source): the photo could not be saved (\(Self.withoutSource(error.message, image))); the recipe keeps its remote link \(image)\n")
                }
            }
            for repair in draft.repairs { StandardError.write("warning: \(source): \(repair)\n") }
            for warning in draft.warnings { StandardError.write("\(warning)\n") }
            let summary = "\(Format.count(draft.ingredientCount, "ingredient")), \(Format.count(draft.stepCount, "step"))" + (clipped.readFrom.isEmpty ? "" : " from \(clipped.readFrom.joined(separator: " + "))")
            if dryRun {
                print("would write \(draft.path) (\(shell ? "a recipe shell" : summary)):")
                print(String(decoding: draft.bytes, as: UTF8.self))
            } else {
                try KitchenClipWriter.write(draft)
                // The photo was pending until its recipe was written (`KitchenPhotoFiles.Pending`).
                try KitchenPhotoFiles.commit(photoFiles)
                print("\(source): wrote \(draft.path) (\(shell ? "a recipe shell to fill in by hand" : summary)\(photoNote))")
            }
            if let note = draft.servingsNote { print("\(source): servings: \(note)") }
            if verbose { for choice in draft.choices { print("\(source): read: \(choice)") } }
            return .success(draft.id)
        } catch {
            KitchenPhotoFiles.remove(photoFiles.pendingPaths)
            return .failure(CommandError("\(source): \(error.message)"))
        }
    }
}

extension KitchenCategory: ExpressibleByArgument {
    public init?(argument: String) {
        guard let match = KitchenCategory.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else { return nil }
        self = match
    }
}
