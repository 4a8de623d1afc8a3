import BrewData
import BrewKit
import Foundation

/// A journal site kept current with its data and templates: the first build makes every page;
/// each later one re-reads only the data files that changed, renders only the pages that depend
/// on them, and writes only files whose bytes changed. A build that finds errors leaves the last
/// good site in place and the next good one recovers; either way the result equals a full build.
public final class JournalSite {
    public struct Settings: Sendable {
        public var dataDirectory: String
        /// A folder layered over the built-in templates (`BREWGUIDE_TEMPLATES`), nil for none.
        public var defaultTemplatesDirectory: String?
        /// A folder layered over both (`--templates`).
        public var templatesDirectory: String?
        public var outputDirectory: String
        public var baseURL: String?

        public init(dataDirectory: String, defaultTemplatesDirectory: String? = nil, templatesDirectory: String?, outputDirectory: String, baseURL: String?) {
            self.dataDirectory = dataDirectory
            self.defaultTemplatesDirectory = defaultTemplatesDirectory
            self.templatesDirectory = templatesDirectory
            self.outputDirectory = outputDirectory
            self.baseURL = baseURL
        }
    }

    /// What one build did.
    public struct Outcome: Sendable {
        public var succeeded: Bool
        /// Every finding, errors and warnings, sorted by location.
        public var diagnostics: [Diagnostic]
        /// What changed since the previous build, in words: `logs/2026-10.csv (1 log)`, `templates`, `everything`.
        public var change: String
        /// Whether anything in the data or templates changed (always true for the first build).
        public var changedAnything: Bool
        public var pagesRendered = 0
        public var pagesInSite = 0
        public var files = SiteTransaction.Report()
        public var invalidRecipeIDs: [String] = []
        /// A file-system failure while writing; the live site was left as it was.
        public var writeFailure: String?
        public var stages: [(name: String, milliseconds: Double)] = []
        /// The build gave way to a newer change before it rendered anything (`build(shouldStop:)`):
        /// nothing was written, and the next build does what this one would have.
        public var stopped = false
    }

    public let settings: Settings
    private let now: @Sendable () -> Date
    private var data: IncrementalDataReader
    private var templates: TemplateSet?
    /// The renderer of the current templates, kept between builds with the shapes it learned.
    private var renderer: PageRenderer?
    private var templateDiagnostics: [Diagnostic] = []
    private var templateSignatures: [String: FileSignature] = [:]
    /// The plan of the site on disk, once a build succeeded.
    private var published: SitePlan?
    /// What the meal planner's pages showed at the last good build (`MealPlanContext.fingerprint`).
    /// The published meal planner's fingerprint, in parts (`MealPlanContext.partFingerprints`).
    private var publishedMealPlanParts: [(place: String, text: String)]?
    /// The kitchen's thumbnail files in the site on disk, by site path, with the signature of the
    /// file each was copied from: a rebuild copies only those that changed (`watch`).
    private var publishedImages: [String: FileSignature?] = [:]
    /// The data files the site on disk was built from, by path, as they were read for it.
    private var publishedFiles: [String: ParsedFile] = [:]
    /// Data files read (changed or gone) since the site on disk was built.
    private var unpublishedPaths: Set<String> = []
    /// What a build that stopped had read (`Outcome.stopped`), for the next one to tell.
    private var stoppedRefresh: (changed: [String], removed: [String])?
    /// The log pages put in the live site ahead of a build (`publishEditedLogPages`), by log id:
    /// the next good build makes each again, or removes it when its log is no longer there.
    private var earlyLogPages: [String: String] = [:]
    /// The staging copy being made on another thread (`prepareForUpdates(inBackground:)`).
    private var stagingCopy: BackgroundStagingCopy?
    /// Whether the last build that did not fail gave way to a newer change (`Outcome.stopped`).
    private var gaveWay = false

    /// The ways pages reached disk (`SiteWritePath`) since the last call, in order, as the site's
    /// writers were told them (`SiteWritesTaken`): for the tests that check each way gives the
    /// site a clean full build gives.
    public func takeWritePaths() -> [SiteWritePath] {
        SiteWritesTaken.take(outputDirectory: settings.outputDirectory)
    }

    /// - Parameter now: the moment active sessions are measured against, asked at each build.
    /// The journal as the last build read it, for another reader to start from (`serve`'s saves,
    /// issue 46: so that the journal is read once when `serve` starts, not twice).
    public var lastRead: IncrementalDataReader { data }

    public init(settings: Settings, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.now = now
        self.data = IncrementalDataReader(root: settings.dataDirectory)
    }

    /// Brings the site up to date. `full` renders every page and makes the output exactly the
    /// site (removing any other file); otherwise only what changed since the last build is redone.
    /// `progress` hears of each page rendered (`SiteBuilder.Progress`).
    /// `shouldStop` is asked between stages, inside the long ones (validating, planning, finding the
    /// changes: `GiveWay`, every few thousand logs), and while the pages of a rebuild of a few
    /// (`SiteBuilder.mostPagesRenderedBeforeWriting`) are made in memory, always before anything is
    /// put in the staging copy: when it says yes (a newer change is waiting), the build stops there
    /// with `Outcome.stopped`, having written nothing.
    /// `newerSaveWaiting` is asked once a rebuild that may give way writes (and no longer gives way):
    /// when it says yes, the pages of that save go into the live site first all the same
    /// (`publishEditedLogPages`), so a save is not kept waiting for the end of the rebuild before it.
    public func build(full: Bool = false, progress: SiteBuilder.Progress? = nil, shouldStop: (() -> Bool)? = nil,
                      newerSaveWaiting: (() -> Bool)? = nil) -> Outcome {
        let outcome = building(full: full, progress: progress, shouldStop: shouldStop, newerSaveWaiting: newerSaveWaiting)
        if outcome.stopped { gaveWay = true } else if outcome.succeeded { gaveWay = false }
        return outcome
    }

    private func building(full: Bool, progress: SiteBuilder.Progress?, shouldStop: (() -> Bool)?, newerSaveWaiting: (() -> Bool)?) -> Outcome {
        // A staging copy still being made is waited for, giving way to a newer save meanwhile (its
        // pages go into the live site without it): nothing is read yet, so nothing is carried over.
        guard finishPreparingForUpdates(unless: full ? nil : shouldStop) else {
            var outcome = Outcome(succeeded: false, diagnostics: [], change: "nothing (a newer change is waiting)", changedAnything: false)
            outcome.stopped = true
            return outcome
        }
        var clock = Stopwatch()
        // The data is read under the data directory's shared lock, so that a command writing
        // several files at once (`log`, `erase`, `merge`) is seen before or after, never half-way.
        let readLock: DirectoryLock
        do {
            readLock = try DataDirectoryLock.acquireForReading(root: settings.dataDirectory, command: "brewguide build")
        } catch {
            let diagnostic = Diagnostic.error("\(error.message); the data was not read", at: .file(settings.dataDirectory))
            return Outcome(succeeded: false, diagnostics: [diagnostic], change: "nothing (the data directory was busy)", changedAnything: false)
        }
        let canStop = published != nil && !full
        guard var refresh = data.refresh(stoppingIf: canStop ? shouldStop : nil) else {
            // Stopped before validating: the reader tells what it read at its next refresh.
            readLock.release()
            var outcome = Outcome(succeeded: false, diagnostics: [], change: "nothing (a newer change is waiting)", changedAnything: false)
            outcome.stopped = true
            return outcome
        }
        let afterGivingWay = gaveWay
        if let carried = stoppedRefresh {
            refresh.changedPaths = carried.changed.filter { !refresh.removedPaths.contains($0) && !refresh.changedPaths.contains($0) } + refresh.changedPaths
            refresh.removedPaths = Set(carried.removed.filter { !refresh.changedPaths.contains($0) } + refresh.removedPaths).sorted()
            stoppedRefresh = nil
        }
        unpublishedPaths.formUnion(refresh.changedPaths + refresh.removedPaths)
        // A newer change is waiting: give way to it (the build that follows reads it too).
        if canStop, let shouldStop, shouldStop() {
            readLock.release()
            return stopped(refresh)
        }
        clock.stages.append(("read", Double(refresh.readNanoseconds) / 1e6))
        clock.stages.append(("validate", Double(refresh.validateNanoseconds) / 1e6))
        clock.restart()
        let templatesChanged = reloadTemplatesIfChanged()
        var validated = refresh.result.validated
        // The meal planner's files, read whole on every build (they are small; the plan files as
        // the refresh read them, so only a changed one is parsed again) and checked against the kitchen.
        let mealPlan = MealPlanContext.load(root: settings.dataDirectory, read: refresh.result, source: data.reader.source)
        readLock.release()
        // The cook logs' photos are copied as the recipes' thumbnails are (a recipe's wins a shared path).
        if !mealPlan.cookPhotos.isEmpty { validated.dataset.kitchenImages.merge(mealPlan.cookPhotos) { recipe, _ in recipe } }
        let mealPlanParts = mealPlan.partFingerprints
        let mealPlanChangedPlaces = publishedMealPlanParts.map { mealPlan.changedPlaces(since: $0) } ?? mealPlanParts.map(\.place)
        let mealPlanChanged = !mealPlanChangedPlaces.isEmpty
        let images = validated.dataset.kitchenImages
        let imageSignatures = images.mapValues { FileSignature(path: $0) }
        let changedImages = imageSignatures.keys.filter { publishedImages[$0] != imageSignatures[$0] }.sorted()
            + publishedImages.keys.filter { imageSignatures[$0] == nil }.sorted()
        var missing: [Diagnostic] = []
        if let templates {
            missing = templates.missing(SiteBuilder.requiredTemplates).map {
                .error("no template named \"\($0)\" (expected a file \($0).mustache)", at: .file(settings.templatesDirectory ?? settings.defaultTemplatesDirectory ?? TemplateSet.builtInSource))
            }
        }
        // The data's findings are `check`'s (`JournalFindings`), sorted already: sorted again only with the templates'.
        let dataFindings = JournalFindings.of(refresh.result, mealPlan: mealPlan, now: now())
        let others = templateDiagnostics + missing
        let diagnostics = others.isEmpty ? dataFindings : (dataFindings + others).sortedByLocation()
        var outcome = Outcome(
            succeeded: false, diagnostics: diagnostics,
            change: published == nil || full ? "everything" : describe(refresh, templatesChanged: templatesChanged, mealPlanChangedPlaces: mealPlanChangedPlaces, changedImages: changedImages),
            changedAnything: published == nil || full || refresh.changedAnything || templatesChanged || mealPlanChanged || !changedImages.isEmpty)
        outcome.invalidRecipeIDs = validated.invalidRecipeReasons.keys.sorted()
        guard let templates, !diagnostics.contains(where: { $0.severity == .error && $0.invalidatesRecipeID == nil }) else {
            return outcome
        }
        clock.lap("templates")
        if !outcome.changedAnything {
            outcome.succeeded = true
            outcome.pagesInSite = published?.pageCount ?? 0
            return outcome
        }

        let renderer = self.renderer ?? PageRenderer(templates: templates)
        self.renderer = renderer
        let builder = SiteBuilder(renderer: renderer, baseURL: settings.baseURL, dataDirectory: settings.dataDirectory)
        let planPages = MealPlanPages(plan: mealPlan.plan, recipes: mealPlan.recipes, erasedRecipeIDs: mealPlan.erasedRecipeIDs,
                                      now: now(), linksRecipes: MealPlanPages.linksKitchenRecipes)
        // The templates are reloaded once per change: a build that read new ones goes on.
        let giveWay = GiveWay(canStop && !templatesChanged ? shouldStop : nil)
        let plan: SitePlan
        do throws(GaveWay) {
            plan = try builder.plan(validated, now: now(), mealPlan: planPages, amountReader: KitchenRecipeSource.amountReader, giveWay: giveWay)
            try giveWay.check()
        } catch {
            return stopped(refresh)
        }
        outcome.pagesInSite = plan.pageCount
        clock.lap("plan")
        // The log pages a newer save put first while this build wrote: the next build makes them.
        var earlyMeanwhile: [String: String] = [:]
        // The way these pages reach disk, named in each branch (no default): the writer records it.
        var pathTaken: SiteWritePath
        do throws(SiteWriteError) {
            var changes: SiteChanges
            var transaction: SiteTransaction
            var imagesToCopy = images.keys.sorted()
            if let published, !full, !templatesChanged,
               let updating = try? SiteTransaction(outputDirectory: settings.outputDirectory, mode: .update) {
                do throws(GaveWay) {
                    changes = try SiteChanges.between(published, plan, giveWay: giveWay)
                } catch {
                    return stopped(refresh, dropping: plan)
                }
                transaction = updating
                pathTaken = .changedPagesWrittenAsMade
                for path in changes.removedPaths {
                    transaction.remove(path + ".md")
                    transaction.remove(path + ".html")
                }
                // The plan's calendar feed goes with the planner's pages (it is not a page of its own).
                if published.mealPlan != nil && plan.mealPlan == nil { transaction.remove(MealPlanPages.calendarPath) }
                // The pages put ahead of this build: made again (as the site holds them, not as
                // the last build did), or removed when their log went or moved.
                let rendered = Set(changes.sources)
                for (id, path) in earlyLogPages.sorted(by: { $0.key < $1.key }) {
                    if let position = plan.journal.positionByID[id], plan.journal.logPaths[position] == path {
                        if !rendered.contains(.log(position)) { changes.sources.append(.log(position)) }
                    } else if !changes.removedPaths.contains(path) {
                        transaction.remove(path + ".md")
                        transaction.remove(path + ".html")
                    }
                }
                // Only the thumbnail files that changed are copied again; those no recipe names go.
                imagesToCopy = changedImages.filter { images[$0] != nil }
                for path in changedImages where images[path] == nil { transaction.remove(path) }
            } else {
                changes = SiteChanges.everything(in: plan, replacing: published)
                pathTaken = published != nil && !full ? .rebuiltWhole : .fullBuild
                transaction = try SiteTransaction(outputDirectory: settings.outputDirectory, mode: .replaceAll)
            }
            // The last moments to give way to a newer change: nothing is put in the staging copy yet.
            if canStop, transaction.mode == .update, let shouldStop, shouldStop() { return stopped(refresh, dropping: plan) }
            // A newer save's pages go first while an update is made (not while a full build is).
            let meanwhile = canStop && transaction.mode == .update ? publishingMeanwhile(newerSaveWaiting ?? { false }) : nil
            if let meanwhile, let shouldStop, changes.sources.count <= SiteBuilder.mostPagesRenderedBeforeWriting {
                // A few pages (an edit): made in memory first, giving way while they are made. Once
                // writing, it no longer gives way, but a newer save's pages still go first.
                guard let rendered = try builder.render(changes.sources, of: plan, into: transaction, stoppingIf: shouldStop, meanwhile: meanwhile.call) else {
                    return stopped(refresh, dropping: plan)
                }
                outcome.pagesRendered = rendered
                pathTaken = .changedPagesMadeFirst
            } else if let meanwhile {
                // Many pages (a brew added to a journal of 100,000): written as they are made, without
                // giving way, but a newer save's pages still go first between slices of them.
                outcome.pagesRendered = try builder.render(changes.sources, of: plan, into: transaction, progress: progress, meanwhile: meanwhile.call)
                pathTaken = .changedPagesWrittenAsMade
            } else {
                outcome.pagesRendered = try builder.render(changes.sources, of: plan, into: transaction, progress: progress)
            }
            try transaction.putAssets(templates.assets)
            try transaction.putFiles(imagesToCopy.map { (path: $0, source: images[$0]!) })
            clock.lap("render and write")
            outcome.files = try transaction.commit(as: pathTaken, afterGivingWay: afterGivingWay, meanwhile: meanwhile?.call ?? {})
            clock.lap("swap")
            earlyMeanwhile = meanwhile?.published ?? [:]
        } catch {
            // The staging copy may now differ from the live site in pages no later change
            // touches: the next build starts over from a full one.
            published = nil
            outcome.writeFailure = error.description
            return outcome
        }
        Self.dropLater(published)
        published = plan
        earlyLogPages = earlyMeanwhile
        publishedFiles = Dictionary(refresh.result.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        unpublishedPaths = []
        publishedMealPlanParts = mealPlanParts
        publishedImages = imageSignatures
        // A newer save's pages put first while this build wrote may have been written over by this
        // build's own pages of the same logs (made from what it read before the save), and the swap
        // then put those older pages live: they are put again, from what is on disk now.
        if !earlyMeanwhile.isEmpty { _ = publishEditedLogPages(as: .newerSaveAgainAfterSwap) }
        outcome.succeeded = true
        outcome.stages = clock.stages
        return outcome
    }

    /// While a rebuild writes (and no longer gives way), the pages of a newer save still go first:
    /// `call` runs `publishEditedLogPages` when `newerSaveWaiting` says a change is waiting, at most
    /// every 50 ms, and `published` collects the log pages it put (the next build makes them again).
    private final class Meanwhile {
        var call: () -> Void = {}
        var published: [String: String] = [:]
    }

    private func publishingMeanwhile(_ newerSaveWaiting: @escaping () -> Bool) -> Meanwhile {
        let meanwhile = Meanwhile()
        var last: UInt64 = 0
        meanwhile.call = { [unowned self, unowned meanwhile] in
            let now = DispatchTime.now().uptimeNanoseconds
            guard now >= last + 50_000_000, newerSaveWaiting() else { return }
            last = now
            let before = earlyLogPages
            earlyLogPages = [:]
            _ = publishEditedLogPages(as: .newerSaveWhileWriting)
            meanwhile.published.merge(earlyLogPages) { $1 }
            earlyLogPages = before.merging(earlyLogPages) { $1 }
        }
        return meanwhile
    }

    /// A build given up for a newer change: what it read is kept for the next build to tell.
    /// Its data set and plan are freed on another thread (`dropLater`), not on the way to the newer change.
    private func stopped(_ refresh: IncrementalDataReader.Refresh, dropping plan: SitePlan? = nil) -> Outcome {
        Self.dropLater(refresh)
        Self.dropLater(plan)
        stoppedRefresh = (refresh.changedPaths, refresh.removedPaths)
        var outcome = Outcome(succeeded: false, diagnostics: [], change: "nothing (a newer change is waiting)", changedAnything: false)
        outcome.stopped = true
        return outcome
    }

    // MARK: Edited logs first

    /// Publishes the pages of the logs just edited or added before the journal is put together
    /// again, so the page being edited, or of the brew just saved, is there long before a rebuild
    /// of a large journal ends (`watch`, `serve`).
    ///
    /// Only where the page is then already what the rebuild will make: every data file read since
    /// the site on disk was built is a logs file that still holds the same logs, in the same order,
    /// each with its id, time and recipe, with no error (as read, and by `BrewLogValidator`, the one
    /// rule of the whole-journal validation those fields leave open), and either edits some of them
    /// or only adds logs after them (a month file may be new); `preferences.json` unchanged but for
    /// its last selected recipe (which `log` sets and no log page shows), and the templates
    /// unchanged (the kitchen inbox is a data file like a logs file: a changed inbox is a file
    /// read that is not one of logs). For an edit, the position of every log, the next brew of its recipe and
    /// the recipe it compares with are those of the published journal, and the pages are made from
    /// it with the edited logs in place. An added log must also pass the rules of the whole journal
    /// that read it (its id new to the journal, also when capitals are ignored, and its time within
    /// `DateBounds`); its page is made from the published journal as the journal with it will make
    /// it (`Journal.newLogPages`). The pages are put straight into the live site (`LiveSiteFiles`),
    /// so no staging copy is needed: the first save after the first build does not wait for it.
    /// The rebuild that follows renders them again with every other page the change touches.
    /// - Returns: the number of files written, or nil when the change is not such an edit.
    public func publishEditedLogPages() -> Int? { publishEditedLogPages(as: nil) }

    /// - Parameter path: the way it is asked for, named in `takeWritePaths` (nil: by the caller,
    ///   `editedLogsFirst` or `newLogsFirst`).
    private func publishEditedLogPages(as path: SiteWritePath?) -> Int? {
        // Read under the data directory's shared lock, as a build reads (a command's files all or none).
        guard let readLock = try? DataDirectoryLock.acquireForReading(root: settings.dataDirectory, command: "brewguide watch") else { return nil }
        // The files read here are reported by the next refresh, which adds them to `unpublishedPaths`.
        let changes = data.readChangedFiles()
        readLock.release()
        guard let published, let renderer, templateDiagnostics.isEmpty,
              changes.removedPaths.isEmpty, !templatesChangedSinceLoad() else { return nil }
        let journal = published.journal
        let recipeIDs = Set(journal.recipes.map(\.id))
        let validator = BrewLogValidator()
        let bounds = DateBounds(today: now())
        var edited: [Int: BrewLog] = [:]
        var added: [BrewLog] = []
        for path in unpublishedPaths.union(changes.changedPaths).sorted() {
            // A logs file new since the site was built (a new month's first brew) held no logs then.
            let before = publishedFiles[path]
            // `preferences.json`, which `log` writes with the recipe brewed: the same but for that.
            if let after = data.parsedFile(at: path), after.kind == .preferences {
                guard !after.diagnostics.contains(where: { $0.severity == .error }),
                      Self.sameButLastSelectedRecipe(after.preferences, journal.validated.dataset.preferences?.value) else { return nil }
                continue
            }
            guard let after = data.parsedFile(at: path), after.kind == .logs, before.map({ $0.kind == .logs }) ?? true,
                  (before?.logs.count ?? 0) <= after.logs.count, !after.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
            for (old, new) in zip(before?.logs ?? [], after.logs) where old.value != new.value {
                guard old.value.id == new.value.id, old.value.timestamp == new.value.timestamp,
                      old.value.timestampOffsetSeconds == new.value.timestampOffsetSeconds, old.value.recipeId == new.value.recipeId,
                      let position = journal.positionByID[new.value.id],
                      !validator.diagnostics(for: new, knownRecipeIDs: recipeIDs).contains(where: { $0.severity == .error }),
                      !namesABagCheckRejects(new, journal) else { return nil }
                edited[position] = new.value
            }
            for new in after.logs.dropFirst(before?.logs.count ?? 0) {
                guard RecordID.problem(with: new.value.id) == nil, !journal.hasLogID(sameFileAs: new.value.id), bounds.contains(new.value.timestamp),
                      !validator.diagnostics(for: new, knownRecipeIDs: recipeIDs).contains(where: { $0.severity == .error }),
                      !namesABagCheckRejects(new, journal) else { return nil }
                added.append(new.value)
            }
        }
        // A few logs, edited or added, not both: many at once are a sync or an import, which the
        // rebuild does whole, and an edit beside a new brew of its recipe could change its next brew.
        guard edited.isEmpty || added.isEmpty, !(edited.isEmpty && added.isEmpty), edited.count + added.count <= Self.mostEditedLogsFirst,
              Set(added.map { RecordID.fileKey($0.id) }).count == added.count,
              journal.logs.count + added.count <= DateBounds.maximumRecords else { return nil }
        let pages = edited.keys.sorted().map { published.logPage(at: $0, edited: edited) } + published.newLogPages(added)
        do throws(SiteWriteError) {
            let way = path ?? (added.isEmpty ? .editedLogsFirst : .newLogsFirst)
            let written = try LiveSiteFiles.put(pages.flatMap { renderer.render($0) }, into: settings.outputDirectory, as: way)
            for (page, id) in zip(pages, edited.keys.sorted().map { journal.logs[$0].id } + added.map(\.id)) { earlyLogPages[id] = page.path }
            return written
        } catch {
            self.published = nil  // as after any failed write: the next build is a full one
            return nil
        }
    }

    /// Whether a log names a bag of beans the whole journal's check rejects it for
    /// (`CoffeeBean.logFindings`: no bag of that id, or one roasted after the brew): a rule of the
    /// whole journal that an edited or added log's own fields leave open. Such a log's page is not
    /// put first, as the build that follows fails and leaves the site as it was.
    private func namesABagCheckRejects(_ log: Located<BrewLog>, _ journal: Journal) -> Bool {
        guard log.value.beanId != nil else { return false }
        return CoffeeBean.logFindings([log], beans: journal.validated.dataset.beans).contains { $0.severity == .error }
    }

    /// Whether two preferences are the same but for `lastSelectedRecipeId`, which only the home
    /// page shows (`brewguide log` sets it to the recipe brewed).
    private static func sameButLastSelectedRecipe(_ a: Preferences?, _ b: Preferences?) -> Bool {
        var a = a, b = b
        a?.lastSelectedRecipeId = nil
        b?.lastSelectedRecipeId = nil
        return a == b
    }

    /// Keeps `value` until a moment after the caller dropped it, then lets it go on another thread: the
    /// data set and plan of a journal of 100,000 logs take tens of milliseconds to free, which a
    /// rebuild giving way to a newer save (and the page that save waits for) need not spend.
    private static func dropLater<Value: Sendable>(_ value: Value?) {
        guard let value else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(200)) { withExtendedLifetime(value) {} }
    }

    /// At most this many edited logs get their pages before the rebuild (`publishEditedLogPages`).
    static let mostEditedLogsFirst = 20

    /// Readies the site for incremental builds: after a first build the site has no staging
    /// copy yet, and making one now keeps that cost away from the first edit's rebuild.
    /// `inBackground`: the copy is made on another thread, so that the pages of the first save
    /// (`publishEditedLogPages`, which needs no staging copy) do not wait for it; the next build
    /// waits for it before it starts.
    public func prepareForUpdates(inBackground: Bool = false) {
        guard published != nil, stagingCopy == nil else { return }
        if inBackground {
            stagingCopy = BackgroundStagingCopy(of: settings.outputDirectory)
            return
        }
        do throws(SiteWriteError) {
            try SiteTransaction.prepareStagingCopy(of: settings.outputDirectory)
        } catch {
            published = nil  // the next build is a full one, which makes the copy itself
        }
    }

    /// Waits for a staging copy being made on another thread (`prepareForUpdates(inBackground:)`),
    /// if any: before a build, and before the staging copy is removed at the end.
    /// - Parameter shouldStop: asked while waiting; when it says yes, the copy is left to go on
    ///   and this returns false.
    @discardableResult
    public func finishPreparingForUpdates(unless shouldStop: (() -> Bool)? = nil) -> Bool {
        guard let copy = stagingCopy else { return true }
        guard let made = copy.wait(unless: shouldStop) else { return false }
        stagingCopy = nil
        if !made { published = nil }
        return true
    }

    // MARK: Templates

    /// Reloads the templates when any file under the template directories changed, appeared or
    /// vanished. - Returns: whether they did (always true the first time).
    private func reloadTemplatesIfChanged() -> Bool {
        let signatures = currentTemplateSignatures()
        if templates != nil && signatures == templateSignatures { return false }
        templateSignatures = signatures
        let (loaded, diagnostics) = TemplateSet.load(defaultDirectory: settings.defaultTemplatesDirectory, overrideDirectory: settings.templatesDirectory)
        templates = loaded
        renderer = nil
        templateDiagnostics = diagnostics
        return true
    }

    /// Whether any template file changed, appeared or vanished since the templates were loaded.
    private func templatesChangedSinceLoad() -> Bool {
        templates == nil || currentTemplateSignatures() != templateSignatures
    }

    /// The signature of every file under the template directories, by path.
    private func currentTemplateSignatures() -> [String: FileSignature] {
        var signatures: [String: FileSignature] = [:]
        for directory in [settings.defaultTemplatesDirectory, settings.templatesDirectory].compactMap({ $0 }) {
            guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
            while let relative = enumerator.nextObject() as? String {
                if EditorDroppings.isIgnored((relative as NSString).lastPathComponent) { continue }
                let path = (directory as NSString).appendingPathComponent(relative)
                signatures[path] = FileSignature(path: path)
            }
        }
        return signatures
    }

    private func describe(_ refresh: IncrementalDataReader.Refresh, templatesChanged: Bool, mealPlanChangedPlaces: [String] = [], changedImages: [String] = []) -> String {
        var parts: [String] = []
        if templatesChanged { parts.append("templates") }
        let root = settings.dataDirectory.hasSuffix("/") ? settings.dataDirectory : settings.dataDirectory + "/"
        let files = (refresh.changedPaths + refresh.removedPaths.map { $0 + " (removed)" }).map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
        let changed = files + changedImages.filter { path in !files.contains(path) }
        parts += changed.prefix(3)
        if changed.count > 3 { parts.append("\(Format.count(changed.count - 3, "more file", plural: "more files"))") }
        // The planner's files (the plan, the shopping list, the snacks, the cooks) are data files,
        // named above; a change of the planner with no file changed is named by what of it changed.
        if parts.isEmpty { parts += mealPlanChangedPlaces }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}

/// Wall-clock time of the stages of a build, in milliseconds.
struct Stopwatch {
    private var last = DispatchTime.now().uptimeNanoseconds
    var stages: [(name: String, milliseconds: Double)] = []

    mutating func restart() { last = DispatchTime.now().uptimeNanoseconds }

    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        stages.append((name, Double(now - last) / 1e6))
        last = now
    }
}
