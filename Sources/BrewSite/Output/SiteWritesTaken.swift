import BrewKit
import Foundation

/// The ways pages reached each site on disk (`SiteWritePath`), as its writers were told them:
/// `SiteTransaction.commit(as:afterGivingWay:meanwhile:)` and `LiveSiteFiles.put(_:into:as:)`
/// take the way as an argument with no default and record it here once their files are in place,
/// so no page reaches disk without naming its way. `JournalSite.takeWritePaths` reads its site's.
/// Only the last `kept` ways of each site are kept (a `watch` left running records one per save).
enum SiteWritesTaken {
    static let kept = 64
    private static let taken = Locked<[String: [SiteWritePath]]>([:])

    /// The site's folder as the writers name it.
    static func key(_ outputDirectory: String) -> String {
        URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
    }

    static func record(_ ways: [SiteWritePath], outputDirectory: String) {
        let key = key(outputDirectory)
        taken.withLock { taken in
            var list = taken[key, default: []] + ways
            if list.count > kept { list.removeFirst(list.count - kept) }
            taken[key] = list
        }
    }

    /// The ways recorded for the site at `outputDirectory` since the last call, in order.
    static func take(outputDirectory: String) -> [SiteWritePath] {
        let key = key(outputDirectory)
        return taken.withLock { $0.removeValue(forKey: key) ?? [] }
    }
}
