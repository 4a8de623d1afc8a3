import BrewData
import BrewKit
import Foundation

/// Fetches a page (or a recipe's photo) to clip: HTTPS only (MOD/SEC/001), except plain HTTP to a
/// loopback address (how the tests serve pages); 7 seconds at most (MOD/PERF/004) for the whole
/// fetch, redirects included; at most `maximumBytes`, counted as the bytes arrive after any
/// `Content-Encoding` is undone.
///
/// The transfer is `curl`'s (`CurlTransfer`): its output is read in pieces of 64 KB and the
/// transfer is stopped at the first piece past the bound, so an endless answer or a gzip bomb
/// costs the bound and one piece, never more (Foundation's URLSession on Linux buffers an answer
/// with no back-pressure: an endless answer once reached 14 GB). A redirect is followed only to
/// an address that could itself be fetched, at most five; any other is refused, naming where it led.
public enum PageFetcher {
    public static let timeoutSeconds = 7.0
    public static let maximumRedirects = 5

    /// Why a URL may not be fetched, or nil when it may.
    public static func refusal(for text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return "\"\(text)\" is not a URL"
        }
        if scheme == "https" { return nil }
        if scheme == "http", ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) { return nil }
        return "only https:// addresses are fetched (plain http only from this machine, 127.0.0.1 or localhost); found \"\(text)\""
    }

    /// A page's text.
    public static func fetch(_ text: String, timeoutSeconds: Double = timeoutSeconds, maximumBytes: Int = SavedPage.maximumBytes) async -> Result<String, CommandError> {
        await fetchBytes(text, accept: "text/html,application/xhtml+xml", timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// An answer's bytes, following allowed redirects.
    public static func fetchBytes(_ text: String, accept: String, timeoutSeconds: Double = timeoutSeconds, maximumBytes: Int) async -> Result<[UInt8], CommandError> {
        if let refusal = refusal(for: text) { return .failure(CommandError(refusal)) }
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
                if let reason = refusal(for: target) {
                    let why = reason.hasPrefix("only https") ? "only https:// addresses are followed (plain http only on this machine)" : reason
                    return .failure(CommandError("\(text): the server redirected to \(target), and the redirect was refused: \(why)"))
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
