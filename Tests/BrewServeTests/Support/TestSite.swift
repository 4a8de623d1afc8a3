import Foundation
import TestSupport

/// A small built site in a temporary directory, with a secret file beside it
/// (outside the site) and symbolic links that try to reach it.
struct TestSite {
    /// The temporary directory holding `site` and `outside`.
    let root: URL
    /// The directory the server serves.
    var siteDirectory: URL { root.appendingPathComponent("Site") }
    /// A directory next to the site that must never be served.
    var outsideDirectory: URL { root.appendingPathComponent("outside") }

    /// Text in the outside file; no response may contain it.
    static let secretMarker = "TOP-SECRET-NOT-FOR-THE-BROWSER"

    static let indexHTML = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Home</title></head>
        <body>
        <h1>Brew journal</h1>
        </body>
        </html>

        """
    static let logsIndexHTML = "<!DOCTYPE html>\n<html><body><h1>Brews</h1></body></html>\n"
    static let logMarkdown = "# October\n\n| Date | Rating |\n|---|---|\n| 2026-10-04 | 4 |\n"
    static let styleCSS = "body { font-family: system-ui; }\n"

    init() throws {
        root = TestPaths.temporary("brewserve")
        try write(Self.indexHTML, to: "Site/index.html")
        try write(Self.logsIndexHTML, to: "Site/logs/index.html")
        try write(Self.logMarkdown, to: "Site/logs/2026-10.md")
        try write(Self.styleCSS, to: "Site/assets/style.css")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n", to: "Site/charts/ratings.svg")
        try write("<?xml version=\"1.0\"?><feed/>\n", to: "Site/feed.xml")
        try write("{\"logs\": 1}\n", to: "Site/search.json")
        try write("console.log(1)\n", to: "Site/assets/app.js")
        try write(Self.secretMarker + "\n", to: "outside/secret.txt")
        try write("<html><body>\(Self.secretMarker)</body></html>\n", to: "outside/index.html")
        let files = FileManager.default
        // Out of the site: a file link, a directory link, an absolute link to /etc.
        try files.createSymbolicLink(atPath: siteDirectory.appendingPathComponent("leak.txt").path,
                                     withDestinationPath: "../outside/secret.txt")
        try files.createSymbolicLink(atPath: siteDirectory.appendingPathComponent("elsewhere").path,
                                     withDestinationPath: outsideDirectory.path)
        try files.createSymbolicLink(atPath: siteDirectory.appendingPathComponent("passwd").path,
                                     withDestinationPath: "/etc/passwd")
        // Within the site: allowed.
        try files.createSymbolicLink(atPath: siteDirectory.appendingPathComponent("home.html").path,
                                     withDestinationPath: "index.html")
    }

    /// Writes `text` at `relativePath` under `root`, creating directories.
    func write(_ text: String, to relativePath: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
