import BrewServe
import BrewSite
import Foundation

/// The scripts `serve` sends that the built site does not hold, read from the templates `site`
/// names (Templates/assets/served/ built in, or a templates folder's) once, when `serve` starts. A
/// templates folder that does not load says so in the first build, and the built-in scripts serve
/// meanwhile.
struct ServedPageScript {
    static let asset = "pages.js"
    /// The web app's scripts (`WebApp.scripts`): the service worker and the scripts every served
    /// page names, whether or not the browser holds the key.
    static let appAssets = ["sw.js", "offline.js", "wake.js"]

    /// `assets/served/` of the templates, by file name.
    let scripts: [String: [UInt8]]

    init(site: SiteOptions) {
        scripts = TemplateSet.load(defaultDirectory: site.defaultTemplatesDirectory, overrideDirectory: site.templates).0.servedScripts
    }

    /// The script `serve --edit`/`--lan` adds to the pages it serves to a browser that holds the
    /// key (`EditSettings.pageScript`). It turns the pages' controls into writes through the
    /// server's endpoints (docs/SERVE.md), each page declaring in its data what it can send.
    var pageScript: String { scripts[Self.asset].map { String(decoding: $0, as: UTF8.self) } ?? "" }

    var appScripts: [String: Data] {
        var found: [String: Data] = [:]
        for name in Self.appAssets { if let bytes = scripts[name] { found[name] = Data(bytes) } }
        return found
    }

    /// The live-reload script (`assets/served/live-reload.js`), which `serve` adds to every page it
    /// sends; nil when the templates lack it (the server's built-in one serves).
    var liveReloadScript: Data? { scripts[PreviewServer.liveReloadScriptName].map { Data($0) } }
}
