import BrewData
import Foundation

/// The journal as `serve` keeps it read between its writes: each read lists the data files
/// again and reads only those whose stamps changed since the last one (`IncrementalDataReader`,
/// what `watch` uses), so a save from the phone does not read and check a large journal whole.
/// A file another command or an editor changed in between is read again; the result is what a
/// full read (`DataDirectoryReader.read()`, the first refresh of a new reader) gives.
///
/// `serve` hands it the journal as its first build read it (`adopt`, issue 46: the journal is read
/// once when `serve` starts, not a second time beside the first build), so the first save from the
/// phone finds the journal read already and reads only what changed since, like every later save.
final class KeptDataReader: @unchecked Sendable {
    private let lock = NSLock()
    private var reader: IncrementalDataReader
    /// The data files the last read took from disk (all of them on the first read).
    private(set) var pathsReadLastTime: [String] = []

    init(root: String) {
        reader = IncrementalDataReader(root: root)
    }

    /// Whether a read has been made or handed over (`adopt`).
    private var hasRead = false
    /// How many reads read the whole journal (the first one, unless one was handed over).
    private(set) var wholeReads = 0

    /// The data as it is on disk now. Called under the data lock, as a full read would be.
    func read() -> DataDirectoryReader.Result {
        lock.withLock {
            if !hasRead { wholeReads += 1 }
            hasRead = true
            let refresh = reader.refresh()
            pathsReadLastTime = refresh.changedPaths
            return refresh.result
        }
    }

    /// Starts from `read`, what another reader of the same journal read (`serve`'s first build),
    /// unless this one has read already: the next `read()` reads only the files whose stamps
    /// changed since, so what a save sees is still what a full read would give.
    func adopt(_ read: IncrementalDataReader) {
        lock.withLock {
            guard !hasRead else { return }
            reader = read
            hasRead = true
        }
    }

    /// Reads the whole journal once, now, without the data lock: every data file is replaced by
    /// a rename, so each is read whole, and the next `read()` (under the lock) reads again any
    /// file that changed meanwhile, so what a save sees is what a full read would give.
    func prime() {
        _ = read()
    }
}
