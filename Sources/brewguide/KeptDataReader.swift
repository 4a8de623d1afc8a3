import BrewData
import Foundation

/// The journal as `serve` keeps it read between its writes: each read lists the data files
/// again and reads only those whose stamps changed since the last one (`IncrementalDataReader`,
/// what `watch` uses), so a save from the phone does not read and check a large journal whole.
/// A file another command or an editor changed in between is read again; the result is what a
/// full read (`DataDirectoryReader.read()`, the first refresh of a new reader) gives.
///
/// `serve` primes it when it starts (`primeInBackground`), so the first save from the phone
/// finds the journal read already and reads only what changed since, like every later save.
final class KeptDataReader: @unchecked Sendable {
    private let lock = NSLock()
    private var reader: IncrementalDataReader
    /// The data files the last read took from disk (all of them on the first read).
    private(set) var pathsReadLastTime: [String] = []

    init(root: String) {
        reader = IncrementalDataReader(root: root)
    }

    /// The data as it is on disk now. Called under the data lock, as a full read would be.
    func read() -> DataDirectoryReader.Result {
        lock.withLock {
            let refresh = reader.refresh()
            pathsReadLastTime = refresh.changedPaths
            return refresh.result
        }
    }

    /// Reads the whole journal once, now, without the data lock: every data file is replaced by
    /// a rename, so each is read whole, and the next `read()` (under the lock) reads again any
    /// file that changed meanwhile, so what a save sees is what a full read would give.
    func prime() {
        _ = read()
    }

    /// `prime()` on a thread of its own, beside `serve`'s first build.
    func primeInBackground() {
        Thread.detachNewThread { [self] in prime() }
    }
}
