import BrewKit
import Foundation

/// The Atom feed of brews and the sitemap. Without a base URL the feed's links are relative
/// (resolved against the feed's own address) and no sitemap is written, since a sitemap must
/// hold absolute URLs.
public enum Feeds {
    public static let feedEntries = 50

    /// Entry dates are local to the journal's time zone (`2026-10-01T07:00:00+09:00`, titled with
    /// that day), the same moment as in UTC.
    static func atom(logs newestFirst: [BrewLog], siteTitle: String, baseURL: String?, timeZone: JournalTimeZone = .asWritten) -> OutputFile {
        func local(_ log: BrewLog) -> LocalTime { timeZone.local(log.timestamp, writtenOffsetSeconds: log.timestampOffsetSeconds) }
        let updated = newestFirst.first.map { local($0).iso8601 } ?? "1970-01-01T00:00:00Z"
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
            xml += "<entry>\n<title>\(HTMLEscaping.escape(log.recipeNameAtBrew)), \(when.prefix(10))</title>\n"
            xml += "<id>urn:brewguide:log:\(HTMLEscaping.escape(log.id))</id>\n<updated>\(when)</updated>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"logs/\(HTMLEscaping.escape(log.id)).html\"/>\n"
            xml += "<summary>\(HTMLEscaping.escape(summary))</summary>\n</entry>\n"
        }
        xml += "</feed>\n"
        return OutputFile(path: "feed.xml", text: xml)
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
