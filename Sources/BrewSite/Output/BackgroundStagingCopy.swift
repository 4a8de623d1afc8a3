import BrewKit
import Foundation

/// `SiteTransaction.prepareStagingCopy(of:)` on another thread: after `watch`'s first build the
/// site is copied while saves are already taken (their pages go straight into the live site,
/// `LiveSiteFiles`); the next build waits for the copy.
final class BackgroundStagingCopy: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let succeeded = Locked(false)

    init(of outputDirectory: String) {
        Thread.detachNewThread { [done, succeeded] in
            do throws(SiteWriteError) {
                try SiteTransaction.prepareStagingCopy(of: outputDirectory)
                succeeded.withLock { $0 = true }
            } catch {
                // The next build is then a full one, which makes the copy itself.
            }
            done.signal()
        }
    }

    /// Waits until the copy is made; whether it was. nil when `shouldStop` said yes first (asked
    /// every 10 ms).
    func wait(unless shouldStop: (() -> Bool)? = nil) -> Bool? {
        while done.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if let shouldStop, shouldStop() { return nil }
        }
        done.signal()
        return succeeded.withLock { $0 }
    }
}
