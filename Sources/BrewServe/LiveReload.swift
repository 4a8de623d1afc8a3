import BrewBuiltIns
import Foundation

/// The browser side of live reload: the script the server adds to every HTML
/// response (never to the files on disk) and where it is added.
enum LiveReload {
    /// Where the server sends build statuses as Server-Sent Events.
    static let eventsPath = "/__brewguide/events"

    /// Where the server serves the script (the templates' `assets/served/live-reload.js`).
    static let scriptPath = "/__brewguide/live-reload.js"

    /// The element added to pages. `generation` is the last good build's, so
    /// the page knows which `built` event means "newer than me"; `data-events` is where the
    /// script listens, so the path is written once, here.
    static func scriptTag(pageGeneration generation: Int) -> String {
        "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\" data-events=\"\(eventsPath)\"></script>"
    }

    /// `html` with the script tag inserted before its last `</body>` (any
    /// case), or appended when there is none.
    static func injectingScript(into html: Data, pageGeneration generation: Int) -> Data {
        inserting(scriptTag(pageGeneration: generation), into: html)
    }

    /// `html` with `markup` inserted before its last `</body>` (at its end without one).
    static func inserting(_ markup: String, into html: Data) -> Data {
        let tag = Data(markup.utf8)
        var page = html
        if let closingBody = lastClosingBodyTag(in: html) {
            page.insert(contentsOf: tag, at: closingBody)
        } else {
            page.append(tag)
        }
        return page
    }

    /// The index of the `<` of the last `</body` in `html`, compared without
    /// regard to ASCII case, so that pages need not be valid UTF-8.
    private static func lastClosingBodyTag(in html: Data) -> Data.Index? {
        let needle = Array("</body".utf8)
        let bytes = Array(html)
        guard bytes.count >= needle.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1) {
            var matches = true
            for (offset, expected) in needle.enumerated() {
                var byte = bytes[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != expected { matches = false; break }
            }
            if matches { return html.startIndex + start }
        }
        return nil
    }

    /// The script's name among the templates' served scripts (`assets/served/live-reload.js`).
    static let scriptName = "live-reload.js"

    /// The built-in script (`Templates/assets/served/live-reload.js`): it connects to the event
    /// stream the script tag names; on a `built` event newer than the page, it updates the page in
    /// place, offers to show it, or reloads it (never under a person's state; the file says how);
    /// on a `failed` event it shows an overlay with the diagnostics, set as text, never parsed as HTML.
    static let builtInScript = Data((BuiltInTemplates.files["assets/served/" + scriptName] ?? "").utf8)
}
