import BrewData
import BrewKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a page to clip: HTTPS only (MOD/SEC/001), except plain HTTP to a loopback address
/// (how the tests serve pages); 7 seconds at most (MOD/PERF/004); at most `SavedPage.maximumBytes`
/// counted as the bytes arrive, after any `Content-Encoding` is undone (a gzip bomb or an endless
/// answer is stopped at the bound, never held whole). A redirect is followed only to an address
/// that could itself be fetched; any other is refused, naming where it led.
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

    public static func fetch(_ text: String, timeoutSeconds: Double = timeoutSeconds, maximumBytes: Int = SavedPage.maximumBytes) -> Result<String, RightsError> {
        if let refusal = refusal(for: text) { return .failure(RightsError(refusal)) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.timeoutIntervalForResource = timeoutSeconds
        let receiver = Receiver(address: text, maximumBytes: maximumBytes, timeoutSeconds: timeoutSeconds)
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        var request = URLRequest(url: URL(string: text)!)
        request.setValue("brewguide kitchen clip", forHTTPHeaderField: "User-Agent")
        request.setValue("text/html,application/xhtml+xml", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        task.resume()
        if receiver.done.wait(timeout: .now() + timeoutSeconds + 1) == .timedOut {
            task.cancel()
            session.invalidateAndCancel()
            return .failure(RightsError("\(text): no answer within \(Format.number(timeoutSeconds)) seconds"))
        }
        // An answer refused midway is dropped at once, not drained.
        if case .failure = receiver.outcome() { session.invalidateAndCancel() } else { session.finishTasksAndInvalidate() }
        return receiver.outcome()
    }

    /// Collects one answer's bytes, stopping at the first that passes the bound, and refuses
    /// redirects that leave what may be fetched.
    final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let address: String
        let maximumBytes: Int
        let timeoutSeconds: Double
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var data = Data()
        private var failure: String?
        private var finished = false

        init(address: String, maximumBytes: Int, timeoutSeconds: Double) {
            self.address = address
            self.maximumBytes = maximumBytes
            self.timeoutSeconds = timeoutSeconds
        }

        private func fail(_ message: String) {
            lock.lock()
            if failure == nil { failure = message }
            data = Data()
            lock.unlock()
        }

        func outcome() -> Result<String, RightsError> {
            lock.lock()
            defer { lock.unlock() }
            if let failure { return .failure(RightsError("\(address): \(failure)")) }
            if data.isEmpty { return .failure(RightsError("\(address): an empty answer")) }
            return .success(String(decoding: data, as: UTF8.self))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            // The address as the server wrote it: Foundation reads "file:///etc/passwd" as a path
            // on the same server, which would hide where the server meant to send us.
            let location = response.value(forHTTPHeaderField: "Location")
            var target = request.url?.absoluteString ?? "an address that is not a URL"
            if let location, let scheme = URL(string: location)?.scheme?.lowercased(), scheme != "http", scheme != "https" { target = location }
            if let reason = PageFetcher.refusal(for: target) {
                let why = reason.hasPrefix("only https") ? "only https:// addresses are followed (plain http only on this machine)" : reason
                fail("the server redirected to \(target), and the redirect was refused: \(why)")
                completionHandler(nil)
                task.cancel()
                return
            }
            completionHandler(request)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode) {
                let location = http.value(forHTTPHeaderField: "Location") ?? "an address not given"
                fail("the server redirected to \(location), and the redirect was refused: only https:// addresses are followed (plain http only on this machine)")
                completionHandler(.cancel)
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                fail("the server answered \(http.statusCode)")
                completionHandler(.cancel)
                return
            }
            if response.expectedContentLength > Int64(maximumBytes) {
                fail(tooLarge)
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        var tooLarge: String { "larger than \(maximumBytes / 1_000_000) MB; not a recipe page" }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            lock.lock()
            let over = failure == nil && data.count + chunk.count > maximumBytes
            if failure == nil, !over { data.append(chunk) }
            lock.unlock()
            if over {
                fail(tooLarge)
                dataTask.cancel()
                // The answer is refused now: the caller goes on without waiting for the chunks
                // already on their way to be delivered and dropped.
                finish()
            }
        }

        /// Wakes `fetch`, once.
        func finish() {
            lock.lock()
            let first = !finished
            finished = true
            lock.unlock()
            if first { done.signal() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            if let error {
                let code = (error as NSError).code
                if code == NSURLErrorTimedOut {
                    fail("no answer within \(Format.number(timeoutSeconds)) seconds")
                } else if code != NSURLErrorCancelled {
                    fail(error.localizedDescription)
                } else {
                    fail("the fetch was stopped")
                }
            }
            finish()
        }
    }
}
