import BrewData
import Foundation

/// The journal as `serve` keeps it read between its writes: each read lists the data files
/// again and reads only those whose stamps changed since the last one (`IncrementalDataReader`,
/// what `watch` uses), so a save from the phone does not read and check a large journal whole.
/// A file another command or an editor changed in between is read again; the result is what a
/// full read (`DataDirectoryReader.read()`, the first refresh of a new reader) gives.
final class KeptDataReader: @unchecked Sendable {
    private let lock = NSLock()
    private var reader: IncrementalDataReader

    init(root: String) {
        reader = IncrementalDataReader(root: root)
    }

    /// The data as it is on disk now. Called under the data lock, as a full read would be.
    func read() -> DataDirectoryReader.Result {
        lock.withLock { reader.refresh().result }
    }
}
