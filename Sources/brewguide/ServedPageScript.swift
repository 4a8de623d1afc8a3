import BrewServe
import BrewSite
import Foundation

/// The script `serve --edit`/`--lan` adds to the pages it serves to a browser that holds the key
/// (`EditSettings.pageScript`); the built site never has it. It is `assets/served/pages.js` of the
/// templates (Templates/assets/served/pages.js built in, or a templates folder's), read once when
/// `serve` starts. It turns the pages' controls into writes through the server's endpoints
/// (docs/SERVE.md), each page declaring in its data what it can send.
enum ServedPageScript {
    static let asset = "pages.js"

    /// The script of the templates `site` names; a templates folder that does not load says so in
    /// the first build, and the built-in script serves meanwhile.
    static func text(site: SiteOptions) -> String {
        let (templates, _) = TemplateSet.load(defaultDirectory: site.defaultTemplatesDirectory, overrideDirectory: site.templates)
        return templates.servedScripts[asset].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The web app's scripts of the same templates (`WebApp.scripts`): the service worker and the
    /// scripts every served page names, whether or not the browser holds the key.
    static let appAssets = ["sw.js", "offline.js", "wake.js"]

    static func appScripts(site: SiteOptions) -> [String: Data] {
        let (templates, _) = TemplateSet.load(defaultDirectory: site.defaultTemplatesDirectory, overrideDirectory: site.templates)
        var scripts: [String: Data] = [:]
        for name in appAssets { if let bytes = templates.servedScripts[name] { scripts[name] = Data(bytes) } }
        return scripts
    }

    /// The live-reload script of the same templates (`assets/served/live-reload.js`), which `serve`
    /// adds to every page it sends; nil when the templates lack it (the server's built-in one serves).
    static func liveReloadScript(site: SiteOptions) -> Data? {
        let (templates, _) = TemplateSet.load(defaultDirectory: site.defaultTemplatesDirectory, overrideDirectory: site.templates)
        return templates.servedScripts[PreviewServer.liveReloadScriptName].map { Data($0) }
    }
}
