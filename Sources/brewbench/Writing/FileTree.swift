import Foundation

/// Writes generated files under a root directory, making the folders they need.
enum FileTree {
    static func write(_ files: [GeneratedFile], under root: String) throws {
        let manager = FileManager.default
        var madeFolders: Set<String> = []
        for file in files {
            let path = (root as NSString).appendingPathComponent(file.path)
            let folder = (path as NSString).deletingLastPathComponent
            if madeFolders.insert(folder).inserted {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Writes `file` under `root` as an editor saves: to a hidden temporary file in the same
    /// folder, then `rename()` over the old one, so a watcher never sees half a file.
    static func replace(_ file: GeneratedFile, under root: String) throws {
        let path = (root as NSString).appendingPathComponent(file.path)
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).brewbench-tmp")
        try Data(file.text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            throw BenchError("cannot rename \(temporary) over \(path): errno \(errno)")
        }
    }
}
