import Foundation

/// The folders and files of a built site, with file sizes: what the file-creation floor
/// recreates and what "output size" reports.
struct SiteInventory: Sendable {
    struct File: Sendable {
        var relativePath: String
        var sizeBytes: Int
    }

    /// Folders relative to the root, parents before children.
    var folders: [String] = []
    var files: [File] = []
    /// Blocks the files take on disk (`st_blocks` × 512).
    var allocatedBytes = 0

    var totalBytes: Int { files.reduce(0) { $0 + $1.sizeBytes } }
    var largestFileBytes: Int { files.map(\.sizeBytes).max() ?? 0 }

    init(root: String) throws {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw BenchError("cannot list \(root)")
        }
        while let relative = enumerator.nextObject() as? String {
            var status = stat()
            guard lstat((root as NSString).appendingPathComponent(relative), &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                folders.append(relative)
            case S_IFREG:
                files.append(File(relativePath: relative, sizeBytes: Int(status.st_size)))
                allocatedBytes += Int(status.st_blocks) * 512
            default:
                break
            }
        }
        folders.sort { $0.count < $1.count || ($0.count == $1.count && $0 < $1) }
    }
}
