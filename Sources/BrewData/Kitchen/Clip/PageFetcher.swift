import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a page to clip: HTTPS only (MOD/SEC/001), except plain HTTP to a loopback address
/// (how the tests serve pages); 7 seconds at most (MOD/PERF/004); at most `SavedPage.maximumBytes`.
public enum PageFetcher {
    public static let timeoutSeconds = 7.0

    /// Why a URL may not be fetched, or nil when it may.
    public static func refusal(for text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return "\"\(text)\" is not a URL"
        }
        if scheme == "https" { return nil }
        if scheme == "http", ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) { return nil }
        return "only https:// addresses are fetched (plain http only from this machine, 127.0.0.1 or localhost); found \"\(text)\""
    }

    public static func fetch(_ text: String, timeoutSeconds: Double = timeoutSeconds) -> Result<String, RightsError> {
        if let refusal = refusal(for: text) { return .failure(RightsError(refusal)) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.timeoutIntervalForResource = timeoutSeconds
        let session = URLSession(configuration: configuration)
        var request = URLRequest(url: URL(string: text)!)
        request.setValue("brewguide kitchen clip", forHTTPHeaderField: "User-Agent")
        request.setValue("text/html,application/xhtml+xml", forHTTPHeaderField: "Accept")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<String, RightsError> = .failure(RightsError("\(text): no answer"))
        let task = session.dataTask(with: request) { data, response, error in
            defer { done.signal() }
            if let error {
                let timedOut = (error as NSError).code == NSURLErrorTimedOut
                outcome = .failure(RightsError(timedOut ? "\(text): no answer within \(Int(timeoutSeconds)) seconds" : "\(text): \(error.localizedDescription)"))
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                outcome = .failure(RightsError("\(text): the server answered \(http.statusCode)"))
                return
            }
            if let final = response?.url?.absoluteString, refusal(for: final) != nil {
                outcome = .failure(RightsError("\(text): redirected to \(final), which is not https"))
                return
            }
            guard let data else { outcome = .failure(RightsError("\(text): an empty answer")); return }
            guard data.count <= SavedPage.maximumBytes else {
                outcome = .failure(RightsError("\(text): larger than \(SavedPage.maximumBytes / 1_000_000) MB; not a recipe page"))
                return
            }
            outcome = .success(String(decoding: data, as: UTF8.self))
        }
        task.resume()
        if done.wait(timeout: .now() + timeoutSeconds + 1) == .timedOut {
            task.cancel()
            return .failure(RightsError("\(text): no answer within \(Int(timeoutSeconds)) seconds"))
        }
        session.finishTasksAndInvalidate()
        return outcome
    }
}
