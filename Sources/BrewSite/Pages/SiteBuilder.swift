import BrewKit
import Foundation

/// Builds every page of the journal from a validated data set. Pure apart from the
/// templates it holds: the same data and templates always give the same files.
public struct SiteBuilder: Sendable {
    public static let logsPerPage = 50
    public static let requiredTemplates = ["layout.html", "index.md", "recipe.md", "logs.md", "log.md"]

    public let renderer: PageRenderer

    public init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// Every page of the site.
    public func pages(for validated: ValidatedDataset) -> [Page] {
        let journal = Journal(validated)
        var pages: [Page] = [journal.homePage()]
        pages += journal.recipes.map { journal.recipePage($0) }
        pages += journal.logListPages(perPage: Self.logsPerPage)
        pages += journal.logs.map { journal.logPage($0) }
        pages += SessionPages(validated).pages()
        pages[0].context["sessionHeadlines"] = SessionPages(validated).homeHeadlines()
        return pages
    }

    /// Renders all pages on all cores.
    public func build(_ validated: ValidatedDataset) -> [OutputFile] {
        let pages = self.pages(for: validated)
        let renderer = self.renderer
        let boxed = pages.map { UncheckedPage(page: $0) }
        return concurrentMap(boxed) { renderer.render($0.page) }.flatMap { $0 }
    }
}

/// Pages hold `[String: Any]` contexts of immutable values built before rendering starts.
struct UncheckedPage: @unchecked Sendable {
    var page: Page
}
