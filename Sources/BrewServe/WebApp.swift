import Foundation

/// What lets the served journal be added to a phone's home screen as an app: a web app manifest
/// (name, icons, theme colour, start page), the touch icon iOS asks for and `/favicon.ico`. Served
/// by `serve` only, to anyone who reaches the server (icons and a name are no secret; a browser
/// fetches a manifest without its cookie), and named in the `<head>` of every page served; the
/// built site never carries them.
public struct WebApp: Sendable {
    public var name: String
    public var shortName: String
    /// CSS colours ("#8a3b12").
    public var themeColour: String
    public var backgroundColour: String
    /// PNG icons by their side in pixels: 180 (the touch icon), 192 and 512 (the manifest's).
    public var pngIcons: [Int: Data]
    /// `/favicon.ico`: an ICO file holding one PNG.
    public var favicon: Data
    /// The app's scripts by file name (`assets/served/` of the templates), served at
    /// `/_app/NAME`: `sw.js`, the service worker that keeps pages for the phone to open offline
    /// (`serviceWorkerPath`, scope `/`), and the scripts every page served names in its head
    /// (`offline.js` registers it and says when a page is a kept copy, `wake.js` holds the
    /// screen's wake lock for cook mode and the brew-along page).
    public var scripts: [String: Data] = [:]

    public init(name: String, shortName: String, themeColour: String, backgroundColour: String, pngIcons: [Int: Data], favicon: Data) {
        self.name = name
        self.shortName = shortName
        self.themeColour = themeColour
        self.backgroundColour = backgroundColour
        self.pngIcons = pngIcons
        self.favicon = favicon
    }

    public static let manifestPath = "/_app/manifest.webmanifest"
    public static let touchIconPath = "/apple-touch-icon.png"
    public static let faviconPath = "/favicon.ico"
    public static let touchIconSide = 180
    /// The service worker; served with `Service-Worker-Allowed: /`, so its scope is every page.
    public static let serviceWorkerPath = "/_app/sw.js"
    static let serviceWorkerName = "sw.js"
    /// The scripts every page names, in this order, when the app has them.
    static let pageScriptNames = ["wake.js", "offline.js"]

    static func scriptPath(_ name: String) -> String { "/_app/\(name)" }

    static func iconPath(side: Int) -> String { "/_app/icon-\(side).png" }

    /// The type and bytes of the file at `path`, if it is one of the app's.
    func file(at path: String) -> (contentType: String, body: Data)? {
        switch path {
        case Self.manifestPath: return ("application/manifest+json", manifest())
        case Self.faviconPath: return ("image/x-icon", favicon)
        case Self.touchIconPath: return pngIcons[Self.touchIconSide].map { ("image/png", $0) }
        case _ where path.hasPrefix("/_app/") && path.hasSuffix(".js"):
            return scripts[String(path.dropFirst("/_app/".count))].map { ("text/javascript; charset=utf-8", $0) }
        default:
            guard let side = pngIcons.keys.first(where: { Self.iconPath(side: $0) == path }) else { return nil }
            return ("image/png", pngIcons[side]!)
        }
    }

    /// The manifest: opens on the journal's home page, full screen without the browser's bar.
    func manifest() -> Data {
        let icons: [[String: String]] = pngIcons.keys.sorted().filter { $0 != Self.touchIconSide }.map { side in
            ["src": Self.iconPath(side: side), "sizes": "\(side)x\(side)", "type": "image/png", "purpose": "any"]
        }
        let manifest: [String: any Sendable] = [
            "name": name, "short_name": shortName, "start_url": "/", "scope": "/", "display": "standalone",
            "theme_color": themeColour, "background_color": backgroundColour, "icons": icons,
        ]
        return (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    /// The lines for a page's `<head>`: the manifest, the touch icon, the theme colour, and the
    /// app's page scripts (deferred, so they run after the page's own scripts are read).
    var headMarkup: String {
        "<link rel=\"manifest\" href=\"\(Self.manifestPath)\"><link rel=\"apple-touch-icon\" href=\"\(Self.touchIconPath)\">"
            + "<meta name=\"theme-color\" content=\"\(CertificateDownloadHandler.escaped(themeColour))\">"
            + Self.pageScriptNames.filter { scripts[$0] != nil }.map { "<script src=\"\(Self.scriptPath($0))\" defer></script>" }.joined()
    }

    /// `html` with `headMarkup` before its first `</head>` (where browsers look for a manifest),
    /// unchanged when it has none.
    func namedInHead(of html: Data) -> Data {
        let needle = Array("</head".utf8)
        let bytes = Array(html)
        guard bytes.count >= needle.count else { return html }
        for start in 0...(bytes.count - needle.count) where bytes[start] == UInt8(ascii: "<") {
            if zip(bytes[start..<(start + needle.count)], needle).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                var page = html
                page.insert(contentsOf: Data(headMarkup.utf8), at: html.startIndex + start)
                return page
            }
        }
        return html
    }
}
