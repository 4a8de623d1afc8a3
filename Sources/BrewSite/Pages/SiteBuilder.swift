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
        let journal = Journal(validated)
        var pages: [Page] = [journal.homePage()]
        pages += journal.recipes.map { journal.recipePage($0) }
        pages += journal.recipes.compactMap { journal.cardPage($0) }
        pages += journal.browsePages(perPage: Self.logsPerPage)
        pages += journal.logs.map { journal.logPage($0) }
        pages += [journal.statisticsPage(), journal.hintsPage()]
        pages += SessionPages(validated).pages()
        pages[0].context["sessionHeadlines"] = SessionPages(validated).homeHeadlines()
        return pages
    }

    /// Renders all pages on all cores.
    public func build(_ validated: ValidatedDataset) -> [OutputFile] {
        let pages = self.pages(for: validated)
        let renderer = self.renderer
        let boxed = pages.map { UncheckedPage(page: $0) }
        var files = concurrentMap(boxed) { renderer.render($0.page) }.flatMap { $0 }
        files.append(Feeds.atom(logs: validated.dataset.logsNewestFirst, siteTitle: renderer.siteTitle, baseURL: baseURL))
        if let baseURL { files.append(Feeds.sitemap(pagePaths: pages.map(\.path), baseURL: baseURL)) }
        return files
    }
}

/// Pages hold `[String: Any]` contexts of immutable values built before rendering starts.
struct UncheckedPage: @unchecked Sendable {
    var page: Page
}
