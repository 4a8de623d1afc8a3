import Foundation

/// What plain `serve --lan` (without `--https`) says once on the pages it serves to a phone:
/// over plain HTTP to another machine a page is not a secure context, so the browser gives it no
/// wake lock (the screen may dim in the middle of a brew or a simmer) and no clipboard. Said in
/// the first page a browser gets, then not again while it keeps the session cookie that page set.
enum InsecureContextNote {
    static let cookieName = "brewguide_dim_note"

    static let markup = """
        <aside class="served-note" aria-label="About this connection"><p>This page came over plain HTTP, \
        so your phone may let the screen dim during a brew or a timer, and Copy may not work: browsers \
        allow both on HTTPS only. Start <code>brewguide serve --lan --https</code> to have them (docs/SERVE.md).</p></aside>
        """

    /// Whether `request`, for a page, gets the note: plain HTTP (`settings.isHTTPS` false) with
    /// `--lan`, from another machine, to a browser that has not had it yet.
    static func isDue(for request: ServerRequest, settings: EditSettings) -> Bool {
        guard !settings.isHTTPS, !settings.lanAddresses.isEmpty, !WriteRequestHandler.isLoopback(request.peerAddress) else { return false }
        return !request.headers.values(named: "Cookie").contains { header in
            header.split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(cookieName)=") }
        }
    }

    /// The cookie that says the note was shown (for this run of the browser).
    static let setCookie = "\(cookieName)=1; Path=/; SameSite=Strict"

    /// `html` with the note right after its opening `<body …>` tag (at its start without one).
    static func inserting(into html: Data) -> Data {
        let bytes = Array(html)
        let needle = Array("<body".utf8)
        var insertAt = 0
        if bytes.count >= needle.count {
            for start in 0...(bytes.count - needle.count) where bytes[start] == UInt8(ascii: "<") {
                let candidate = bytes[start..<(start + needle.count)]
                guard zip(candidate, needle).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { continue }
                // The tag's end; a name such as <bodyx> is not the body.
                let after = start + needle.count
                guard after < bytes.count, [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[after]),
                      let end = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else { continue }
                insertAt = end + 1
                break
            }
        }
        var page = html
        page.insert(contentsOf: Data(markup.utf8), at: html.startIndex + insertAt)
        return page
    }
}
