import BrewKit
import Foundation

/// The Atom feed of brews and the sitemap. Without a base URL the feed's links are relative
/// (resolved against the feed's own address) and no sitemap is written, since a sitemap must
/// hold absolute URLs.
public enum Feeds {
    public static let feedEntries = 50

    /// Entry dates are local to the journal's time zone (`2026-10-01T07:00:00+09:00`, titled with
    /// that day), the same moment as in UTC. The newest kitchen recipes follow the brews (by
    /// `updatedAt`, else `createdAt`; recipes with neither are left out, since an entry needs a time).
    static func atom(logs newestFirst: [BrewLog], kitchen: [KitchenRecipe] = [], siteTitle: String, baseURL: String?, timeZone: JournalTimeZone = .asWritten) -> OutputFile {
        func local(_ log: BrewLog) -> LocalTime { timeZone.local(log.timestamp, writtenOffsetSeconds: log.timestampOffsetSeconds) }
        var dated: [(recipe: KitchenRecipe, when: Date)] = []
        for recipe in kitchen {
            if let when = recipe.updatedAt ?? recipe.createdAt { dated.append((recipe, when)) }
        }
        dated.sort { a, b in a.when != b.when ? a.when > b.when : a.recipe.id < b.recipe.id }
        dated = Array(dated.prefix(feedEntries))
        var updated = newestFirst.first.map { local($0).iso8601 } ?? "1970-01-01T00:00:00Z"
        if let newestRecipe = dated.first?.when, newestFirst.first.map({ newestRecipe > $0.timestamp }) ?? true {
            updated = ISO8601.string(from: newestRecipe)
        }
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\"\(baseURL.map { " xml:base=\"\(HTMLEscaping.escape($0))\"" } ?? "")>\n"
        xml += "<title>\(HTMLEscaping.escape(siteTitle))</title>\n<id>urn:brewguide:journal</id>\n<updated>\(updated)</updated>\n"
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"index.html\"/>\n<link rel=\"self\" href=\"feed.xml\"/>\n"
        xml += "<author><name>\(HTMLEscaping.escape(siteTitle))</name></author>\n"
        for log in newestFirst.prefix(feedEntries) {
            let when = local(log).iso8601
            let rated = log.rating.map { "rated \($0) of 5" } ?? "not rated"
            var summary = "\(log.recipeNameAtBrew): \(rated), \(Format.grams(log.doseGrams)) → \(Format.grams(log.targetYieldGrams))"
            if let tag = log.tasteTag { summary += ", \(tag.displayName)" }
            xml += entry(title: "\(log.recipeNameAtBrew), \(when.prefix(10))", id: "log:\(log.id)", updated: when, page: LogPagePath.path(of: log, in: timeZone) + ".html", summary: summary)
        }
        for (recipe, when) in dated {
            let time = ISO8601.string(from: when)
            var summary = "\(recipe.category.rawValue), serves \(recipe.servings)"
            if let calories = recipe.nutritionPerServing?.known(.calories) { summary += ", \(calories) kcal a serving" }
            xml += entry(title: recipe.title, id: "kitchen:\(recipe.id)", updated: time, page: "kitchen/recipes/\(recipe.id).html", summary: summary)
        }
        xml += "</feed>\n"
        return OutputFile(path: "feed.xml", text: xml)
    }

    /// One Atom entry, every text escaped (the escaping drops control characters, so the feed stays
    /// well-formed XML).
    private static func entry(title: String, id: String, updated: String, page: String, summary: String) -> String {
        "<entry>\n<title>\(HTMLEscaping.escape(title))</title>\n"
            + "<id>urn:brewguide:\(HTMLEscaping.escape(id))</id>\n<updated>\(updated)</updated>\n"
            + "<link rel=\"alternate\" type=\"text/html\" href=\"\(HTMLEscaping.escape(page))\"/>\n"
            + "<summary>\(HTMLEscaping.escape(summary))</summary>\n</entry>\n"
    }

    static func sitemap(pagePaths: [String], baseURL: String) -> OutputFile {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pagePaths {
            xml += "<url><loc>\(HTMLEscaping.escape(base + path + ".html"))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return OutputFile(path: "sitemap.xml", text: xml)
    }
}
