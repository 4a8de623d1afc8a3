import ArgumentParser
import BrewData
import BrewKit

/// `brewguide kitchen archive|restore|favourite`: one flag of one kitchen recipe changed in
/// place, the file rewritten atomically (`KitchenRecordEditor`).
struct KitchenArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive a kitchen recipe: kept, but listed only on the kitchen's archive page.")
    @Argument(help: "The kitchen recipe id.") var recipeId: String
    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        try KitchenFlag.set(["isArchived": true], id: recipeId, data: dataOptions.data, done: "archived", already: "already archived")
    }
}

struct KitchenRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring an archived kitchen recipe back to the kitchen.")
    @Argument(help: "The kitchen recipe id.") var recipeId: String
    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        try KitchenFlag.set(["isArchived": false], id: recipeId, data: dataOptions.data, done: "restored", already: "not archived")
    }
}

struct KitchenFavouriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourite",
        abstract: "Mark a kitchen recipe as a favourite, or with --off no longer.")
    @Argument(help: "The kitchen recipe id.") var recipeId: String
    @Flag(help: "Take the favourite mark off.") var off = false
    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        try KitchenFlag.set(["isFavourite": !off], id: recipeId, data: dataOptions.data,
                            done: off ? "no longer a favourite" : "marked as a favourite",
                            already: off ? "not a favourite" : "already a favourite")
    }
}

enum KitchenFlag {
    static func set(_ fields: [String: Bool], id: String, data: String, done: String, already: String) throws {
        let lock = try CommandLock.data(data, for: "brewguide kitchen")
        defer { lock.release() }
        let outcome = try KitchenRecordEditor.set(fields, onRecipe: id, root: data, now: RunClock.now())
        print(outcome.changed ? "\(id): \(done) (\(outcome.path))" : "\(id): \(already); nothing changed")
    }
}
