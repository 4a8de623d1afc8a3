import BrewData
import BrewKit
import Foundation

/// Fetches a page (or a recipe's photo) to clip: HTTPS only (MOD/SEC/001), except plain HTTP to a
/// loopback address that the person typed (how the tests serve pages); 7 seconds at most
/// (MOD/PERF/004) for the whole fetch, redirects included; at most `maximumBytes`, counted as the
/// bytes arrive after any `Content-Encoding` is undone.
///
/// Where a fetch may go depends on who chose the address (`Origin`). The person may type any
/// https address, and plain http only for this machine (127.0.0.1, localhost, ::1). What a page
/// chooses — where its server redirects, where its photo is — may not reach this machine or its
/// local network (`LocalAddress`: loopback, private, link-local, in any spelling such as
/// `http://2130706433/`) unless it is the very place the person typed (same scheme, host and
/// port), and plain http only there: so a hostile page cannot make the tool send requests to
/// services on the person's machine. A name that only resolves to such an address is not caught
/// here (the fetch does not look names up itself).
///
/// The transfer is `curl`'s (`CurlTransfer`): its output is read in pieces of 64 KB and the
/// transfer is stopped at the first piece past the bound, so an endless answer or a gzip bomb
/// costs the bound and one piece, never more (Foundation's URLSession on Linux buffers an answer
/// with no back-pressure: an endless answer once reached 14 GB). A redirect is followed only to
/// an address that could itself be fetched, at most five; any other is refused, saying why.
public enum PageFetcher {
    public static let timeoutSeconds = 7.0
    public static let maximumRedirects = 5

    /// Who chose the address fetched, which decides where the fetch may go.
    public enum Origin: Sendable, Equatable {
        /// The person typed it (or shared it to the inbox).
        case typed
        /// A page named it (its photo); `typed` is the address the person typed for that page, nil
        /// when the page came from a file.
        case page(typed: String?)
    }

    /// What the person may type.
    static let typedRule = "only https:// addresses are fetched (and plain http:// ones you type for this machine: 127.0.0.1 or localhost)"

    /// Why an address the person typed may not be fetched, or nil when it may.
    public static func refusal(for text: String) -> String? {
        let url = URL(string: text)
        if let scheme = url?.scheme?.lowercased(), !["http", "https"].contains(scheme) {
            return "\(typedRule); a \(ShownText.escaped(scheme)): address is never fetched; found \"\(text)\""
        }
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return "\"\(text)\" is not a URL; \(typedRule)"
        }
        if scheme == "https" { return nil }
        if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) { return nil }
        return "\(typedRule); found \"\(text)\""
    }

    /// Why an address a page chose (a redirect's, a photo's) may not be fetched, or nil when it
    /// may: only http and https; nothing on this machine or its local network but the place the
    /// person typed (`typed`); plain http only there.
    public static func refusal(chosenByPage text: String, typed: String?) -> String? {
        let rule = "only https:// addresses are followed (plain http only at the address you typed on this machine)"
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return "\"\(ShownText.escaped(text))\" is not a URL; \(rule)"
        }
        guard ["http", "https"].contains(scheme) else {
            return "a page may not lead to a \(ShownText.escaped(scheme)): address, which is never fetched; \(rule)"
        }
        guard let host = url.host, !host.isEmpty else { return "\"\(ShownText.escaped(text))\" is not a URL; \(rule)" }
        let atTypedPlace = typed.map { isSamePlace(url, URL(string: $0)) } ?? false
        if LocalAddress.isLocal(host), !atTypedPlace {
            return "it leads to this machine or its local network (\(ShownText.escaped(host))), where a page may not send a fetch; only an address you type is fetched there"
        }
        if scheme == "http", !atTypedPlace { return rule }
        return nil
    }

    /// Whether two addresses name the same place: scheme, host and port (the scheme's own port
    /// when none is given).
    static func isSamePlace(_ first: URL, _ second: URL?) -> Bool {
        guard let second else { return false }
        func key(_ url: URL) -> String? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : 80)
            return "\(scheme)://\(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))):\(port)"
        }
        return key(first) != nil && key(first) == key(second)
    }

    /// A page's text.
    public static func fetch(_ text: String, timeoutSeconds: Double = timeoutSeconds, maximumBytes: Int = SavedPage.maximumBytes) async -> Result<String, CommandError> {
        await fetchBytes(text, accept: "text/html,application/xhtml+xml", timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes, origin: .typed)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// An answer's bytes, following allowed redirects.
    /// - Parameter origin: who chose `text`: the person (`.typed`) or a page (its photo).
    public static func fetchBytes(_ text: String, accept: String, timeoutSeconds: Double = timeoutSeconds, maximumBytes: Int, origin: Origin) async -> Result<[UInt8], CommandError> {
        let typed: String?
        switch origin {
        case .typed:
            if let refusal = refusal(for: text) { return .failure(CommandError(refusal)) }
            typed = text
        case .page(let page):
            if let refusal = refusal(chosenByPage: text, typed: page) { return .failure(CommandError("\(text): not fetched: \(refusal)")) }
            typed = page
        }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var address = text
        for _ in 0...maximumRedirects {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .failure(CommandError("\(text): no answer within \(Format.number(timeoutSeconds)) seconds")) }
            let answer: CurlTransfer.Answer
            switch await CurlTransfer.get(address, accept: accept, timeoutSeconds: left, maximumBytes: maximumBytes) {
            case .success(let got): answer = got
            case .failure(let failure): return .failure(CommandError("\(text): \(message(failure, timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes))"))
            }
            if (300..<400).contains(answer.status) {
                guard let location = answer.header("location") else { return .failure(CommandError("\(text): the server redirected without saying where")) }
                // The address as the server wrote it when it is not the web's: "file:///etc/passwd" stays that.
                let target = URL(string: location).flatMap { url in url.scheme == nil ? URL(string: location, relativeTo: URL(string: address)) : url }?.absoluteString ?? location
                if let why = refusal(chosenByPage: target, typed: typed) {
                    return .failure(CommandError("\(text): the server redirected to \(ShownText.escaped(target)), and the redirect was refused: \(why)"))
                }
                address = target
                continue
            }
            guard (200..<300).contains(answer.status) else { return .failure(CommandError("\(text): the server answered \(answer.status)")) }
            guard !answer.body.isEmpty else { return .failure(CommandError("\(text): an empty answer")) }
            return .success(answer.body)
        }
        return .failure(CommandError("\(text): more than \(maximumRedirects) redirects; not followed further"))
    }

    static func message(_ failure: CurlTransfer.Failure, timeoutSeconds: Double, maximumBytes: Int) -> String {
        switch failure {
        case .tooLarge: "larger than \(maximumBytes / 1_000_000) MB, the most that is fetched"
        case .timedOut: "no answer within \(Format.number(timeoutSeconds)) seconds"
        case .failed(let reason): reason
        }
    }
}
