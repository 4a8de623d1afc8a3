import BrewKit
import Foundation

/// Builds the pages of the journal from a validated data set. Pure apart from the templates it
/// holds and the moment sessions are measured against: the same data, templates and moment
/// always give the same files.
public struct SiteBuilder: Sendable {
    public static let logsPerPage = 50

    /// Hears how far a render has got: called on the rendering threads after each page is put
    /// into the site, with the pages done so far and the pages this render makes. It must be quick
    /// and safe to call from several threads at once; what it shows, and where, is the caller's.
    public typealias Progress = @Sendable (_ pagesDone: Int, _ pagesTotal: Int) -> Void
    public static let requiredTemplates = ["layout.html", "index.md", "recipe.md", "logs.md", "log.md", "statistics.md", "hints.md", "card.md", "year.md"]

    public let renderer: PageRenderer
    /// The site's public address, for the feed and sitemap.
    public let baseURL: String?

    /// The data directory as the person gave it, for the `brewguide log` lines the pages print
    /// (`--data DIR` unless it is the default `Data`); nil: none.
    public let dataDirectory: String?

    public init(renderer: PageRenderer, baseURL: String? = nil, dataDirectory: String? = nil) {
        self.renderer = renderer
        self.baseURL = baseURL
        self.dataDirectory = dataDirectory
    }

    /// Names every page of the site; `now` is the moment active and abandoned sessions are measured against.
    /// `mealPlan` adds the meal planner's pages (issue 15), their shopping amounts read with `amountReader`.
    public func plan(_ validated: ValidatedDataset, now: Date = Date(), mealPlan: MealPlanPages? = nil,
                     amountReader: @escaping ShoppingAmount.Reader = { _ in nil }) -> SitePlan {
        GiveWay.never { giveWay throws(GaveWay) in try plan(validated, now: now, mealPlan: mealPlan, amountReader: amountReader, giveWay: giveWay) }
    }

    /// `plan(_:now:mealPlan:amountReader:)`, giving way between its steps and every few thousand
    /// logs (`watch`: a rebuild gives way to a newer save); it keeps nothing when it does.
    public func plan(_ validated: ValidatedDataset, now: Date = Date(), mealPlan: MealPlanPages? = nil,
                     amountReader: @escaping ShoppingAmount.Reader = { _ in nil }, giveWay: GiveWay) throws(GaveWay) -> SitePlan {
        let partials = PartialMemo(renderer: renderer)
        let journal = try Journal(validated, partials: partials, dataDirectory: dataDirectory, giveWay: giveWay)
        try giveWay.check()
        let sessions = SessionPages(validated, now: now)
        try giveWay.check()
        return try SitePlan(journal: journal, sessions: sessions, mealPlan: mealPlan, amountReader: amountReader, perPage: Self.logsPerPage, giveWay: giveWay)
    }

    /// Every file of the site, in memory (for tests and small sites).
    public func build(_ validated: ValidatedDataset, now: Date = Date(), mealPlan: MealPlanPages? = nil,
                      amountReader: @escaping ShoppingAmount.Reader = { _ in nil }) -> [OutputFile] {
        let plan = plan(validated, now: now, mealPlan: mealPlan, amountReader: amountReader)
        let renderer = self.renderer
        var files = concurrentMap(plan.sources) { renderer.render(plan.page(for: $0)) }.flatMap { $0 }
        files += plan.feeds(siteTitle: renderer.siteTitle, baseURL: baseURL)
        return files
    }

    /// Makes and renders the pages of `sources` on all cores, each put into the transaction as
    /// soon as it is rendered (so a site's pages are never all in memory at once), then the feeds.
    /// `progress` hears of each page done.
    /// - Returns: the number of pages rendered.
    /// With `meanwhile`, the pages are made in slices of `pagesBetweenMeanwhile`, and `meanwhile` is
    /// called between two (`JournalSite`: the pages of a newer save go first while a large rebuild writes).
    @discardableResult
    public func render(_ sources: [SitePlan.Source], of plan: SitePlan, into transaction: SiteTransaction,
                       progress: Progress? = nil, meanwhile: (() -> Void)? = nil) throws(SiteWriteError) -> Int {
        let renderer = self.renderer
        let counter = PageCounter()
        let total = sources.count
        let slice = meanwhile == nil ? max(1, sources.count) : Self.pagesBetweenMeanwhile
        for start in stride(from: sources.startIndex, to: sources.endIndex, by: slice) {
            if start > sources.startIndex { meanwhile?() }
            let failures = concurrentMap(Array(sources[start..<min(start + slice, sources.endIndex)])) { source -> SiteWriteError? in
                do throws(SiteWriteError) {
                    for file in renderer.render(plan.page(for: source)) { try transaction.put(file) }
                    if let progress { progress(counter.increment(), total) }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        }
        for file in plan.feeds(siteTitle: renderer.siteTitle, baseURL: baseURL) { try transaction.put(file) }
        return sources.count
    }

    /// Renders the pages of `sources` into memory first, a page a core at a time, asking
    /// `shouldStop` after each round, then the feeds, and asks once more; only then puts them into
    /// the transaction: a rebuild of a few pages (`watch`) can then give way to a newer change while
    /// it renders, before the staging copy is touched. The files are those of `render(_:of:into:progress:)`.
    /// (A round waits for its slowest page; at 100,000 logs a recipe page with its charts takes tens
    /// of milliseconds, and a round of a few pages a core kept a newer save waiting for most of a second.)
    /// - Returns: the number of pages rendered, or nil when `shouldStop` said yes (nothing was put).
    /// `meanwhile` is called after every few files put (`JournalSite`: the pages of a newer save
    /// go into the live site while this rebuild writes).
    public func render(_ sources: [SitePlan.Source], of plan: SitePlan, into transaction: SiteTransaction,
                       stoppingIf shouldStop: () -> Bool, meanwhile: () -> Void = {}) throws(SiteWriteError) -> Int? {
        let renderer = self.renderer
        let pagesPerRound = Self.pagesPerRoundBeforeWriting
        var files: [OutputFile] = []
        var start = sources.startIndex
        while start < sources.endIndex {
            let round = Array(sources[start..<min(start + pagesPerRound, sources.endIndex)])
            files += concurrentMap(round) { renderer.render(plan.page(for: $0)) }.flatMap { $0 }
            if shouldStop() { return nil }
            start += round.count
        }
        // The sitemap lists every page: at 100,000 logs it is made in about as long as a round.
        files += plan.feeds(siteTitle: renderer.siteTitle, baseURL: baseURL)
        if shouldStop() { return nil }
        for (number, file) in files.enumerated() {
            try transaction.put(file)
            if number % SiteTransaction.filesBetweenMeanwhile == SiteTransaction.filesBetweenMeanwhile - 1 { meanwhile() }
        }
        return sources.count
    }

    /// The pages made at once between two questions of `render(_:of:into:stoppingIf:)`: one a core.
    public static var pagesPerRoundBeforeWriting: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The pages a rebuild that streams makes between two calls of its `meanwhile`.
    public static let pagesBetweenMeanwhile = 256

    /// The most pages a rebuild that may give way renders into memory before writing them; a
    /// rebuild of more (a template or time-zone change, a sync) streams them and does not stop.
    public static let mostPagesRenderedBeforeWriting = 2_000
}
