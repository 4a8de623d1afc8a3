import Foundation
import TestSupport

/// A fresh directory under the system's temporary directory, with helpers that change files in it the way
/// editors and sync tools do. Remove it with `remove()` when the test ends.
struct TemporaryTree {
    /// The directory's path, without a trailing slash.
    let path: String

    init() throws {
        path = TestPaths.temporary("brewwatch").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `relativePath` under the tree.
    func at(_ relativePath: String) -> String {
        path + "/" + relativePath
    }

    /// Writes `contents` to `relativePath` in place (open, write, close), creating folders on the way.
    func write(_ relativePath: String, _ contents: String = "{}\n") throws {
        let file = at(relativePath)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: file, atomically: false, encoding: .utf8)
    }

    func makeDirectory(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: at(relativePath), withIntermediateDirectories: true)
    }

    /// Renames like `rename(2)`: replaces whatever is at the destination.
    func rename(_ fromRelativePath: String, to toRelativePath: String) throws {
        guard Foundation.rename(at(fromRelativePath), at(toRelativePath)) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func delete(_ relativePath: String) throws {
        try FileManager.default.removeItem(atPath: at(relativePath))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
