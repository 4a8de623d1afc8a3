import Foundation

/// A generated data directory on disk, with a stamp (`.brewbench.json`, ignored by brewguide
/// because it starts with a dot) saying how it was made, so the runner can reuse it.
enum SyntheticDataSet {
    struct Stamp: Codable, Equatable {
        var generatorVersion: Int
        var logs: Int
        var seed: UInt64
        var format: DataFormat
        /// Kitchen recipes in `kitchen/recipes/kitchen.json` (issue 14); 0 for none.
        var kitchenRecipes: Int
        /// Recipes and log files; absent in stamps from before shapes, which are remade.
        var shape: JournalShape
    }

    struct Summary {
        var recipes: Int
        var sessions: Int
        var files: Int
    }

    static let stampName = ".brewbench.json"

    @discardableResult
    static func write(logs: Int, seed: UInt64, format: DataFormat, kitchenRecipes: Int = 0, shape: JournalShape = .standard, to directory: String, replacing: Bool) throws -> Summary {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: directory), !existing.isEmpty {
            guard replacing else { throw BenchError("\(directory) is not empty; choose a new directory or pass --force") }
            try manager.removeItem(atPath: directory)
        }
        let journal = SyntheticJournal(logCount: logs, seed: seed, recipeCount: shape.recipeCount)
        let files = DataDirectoryLayout(format: format, logsPerFile: shape.logsPerFile).files(for: journal)
        try FileTree.write(files, under: directory)
        if kitchenRecipes > 0 {
            let kitchen = KitchenCatalog.file(count: kitchenRecipes, seed: seed)
            let path = (directory as NSString).appendingPathComponent(kitchen.path)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try kitchen.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let stamp = Stamp(generatorVersion: SyntheticJournal.generatorVersion, logs: logs, seed: seed, format: format, kitchenRecipes: kitchenRecipes, shape: shape)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(stamp).write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(stampName)))
        return Summary(recipes: journal.recipes.count, sessions: journal.sessions.count, files: files.count)
    }

    /// `directory` holding exactly this data set, generated now unless a matching one is there.
    static func ensure(logs: Int, seed: UInt64, format: DataFormat, kitchenRecipes: Int, shape: JournalShape = .standard, at directory: String) throws {
        let wanted = Stamp(generatorVersion: SyntheticJournal.generatorVersion, logs: logs, seed: seed, format: format, kitchenRecipes: kitchenRecipes, shape: shape)
        let stampPath = (directory as NSString).appendingPathComponent(stampName)
        if let data = FileManager.default.contents(atPath: stampPath),
           let found = try? JSONDecoder().decode(Stamp.self, from: data), found == wanted {
            return
        }
        let partial = directory + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        try write(logs: logs, seed: seed, format: format, kitchenRecipes: kitchenRecipes, shape: shape, to: partial, replacing: true)
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.moveItem(atPath: partial, toPath: directory)
    }
}
