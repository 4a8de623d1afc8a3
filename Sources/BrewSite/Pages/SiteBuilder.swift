import BrewKit
import Foundation

/// Builds every page of the journal from a validated data set. Pure apart from the
/// templates it holds: the same data and templates always give the same files.
public struct SiteBuilder: Sendable {
    public static let logsPerPage = 50
    public static let requiredTemplates = ["layout.html", "index.md", "recipe.md", "logs.md", "log.md", "statistics.md", "hints.md", "card.md"]

    public let renderer: PageRenderer
    /// The site's public address, for the feed and sitemap.
    public let baseURL: String?

    public init(renderer: PageRenderer, baseURL: String? = nil) {
        self.renderer = renderer
        self.baseURL = baseURL
    }

    /// Every page of the site.
    public func pages(for validated: ValidatedDataset) -> [Page] {
        pages(of: Journal(validated))
    }

    private func pages(of journal: Journal) -> [Page] {
        let sessions = SessionPages(journal.validated)
        var home = journal.homePage()
        home.context["sessionHeadlines"] = sessions.homeHeadlines()
        var pages: [Page] = [home]
        pages += journal.recipes.map { journal.recipePage($0) }
        pages += journal.recipes.compactMap { journal.cardPage($0) }
        pages += journal.browsePages(perPage: Self.logsPerPage)
        pages += journal.logs.map { journal.logPage($0) }
        pages += [journal.statisticsPage(), journal.hintsPage()]
        pages += sessions.pages()
        return pages
    }

    /// Renders all pages on all cores, then the feed and sitemap.
    public func build(_ validated: ValidatedDataset) -> [OutputFile] {
        let journal = Journal(validated)
        let pages = self.pages(of: journal)
        let renderer = self.renderer
        let boxed = pages.map { UncheckedPage(page: $0) }
        var files = concurrentMap(boxed) { renderer.render($0.page) }.flatMap { $0 }
        files.append(Feeds.atom(logs: journal.logs, siteTitle: renderer.siteTitle, baseURL: baseURL))
        if let baseURL { files.append(Feeds.sitemap(pagePaths: pages.map(\.path), baseURL: baseURL)) }
        return files
    }
}

/// Pages hold `[String: Any]` contexts of immutable values built before rendering starts.
struct UncheckedPage: @unchecked Sendable {
    var page: Page
}
