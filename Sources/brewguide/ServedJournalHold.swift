import BrewData
import Foundation

/// A running `serve --edit` or `--lan`'s hold on its data folder: a lock beside it
/// (`.Data.serve.lock` for `Data`) that the kernel lets go when the process ends, naming the serve
/// and its port. A second such `serve` of the same folder still runs (it may build into another site folder), but says on the
/// terminal which serve already holds the folder: both would take writes into one journal, and a
/// phone's saves go to whichever address it opened.
enum ServedJournalHold {
    /// Takes the hold for a serve on `port`: the lock (nil when another serve holds it) and the
    /// note to print when one does.
    static func take(data: String, port: UInt16) -> (lock: DirectoryLock?, note: String?) {
        let marker = WriteTarget.resolved(data) + ".serve"
        do {
            return (try DirectoryLock.acquire(directory: marker, command: "brewguide serve on port \(port)", waitSeconds: 0), nil)
        } catch {
            switch error {
            case .busy(let busy):
                let holder = busy.holder ?? "another brewguide serve"
                return (nil, "note: \(data) is already served by \(holder): both serves take writes into this one journal, and each phone's saves go to the address it opened; stop one of them (Ctrl-C) so that every save goes to one place")
            case .cannotOpen:
                return (nil, nil)
            }
        }
    }
}
