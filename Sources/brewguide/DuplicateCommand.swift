import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide duplicate`: a custom copy of a recipe to edit (US-024); the original stays.
struct DuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate",
        abstract: "Copy a recipe (the starter, say) into a custom recipe of your own to edit.",
        discussion: """
            Writes recipes/<id>.json: the recipe with the new name (default "<name> (copy)"), an id made \
            from that name (-2, -3 … when taken), isStarter false, origin custom and new createdAt and \
            modifiedAt. The original is not changed: the starter is never edited in place.
            """
    )

    @Argument(help: "The recipe to copy (for example v60-starter).")
    var recipeId: String

    @Option(help: "The copy's name (default: \"<name> (copy)\").")
    var name: String?

    @OptionGroup var dataOptions: DataOptions

    func run() throws {
        let root = dataOptions.data
        // The data directory is locked from the read to the last write, so two commands never
        // add to the same file at once (DataDirectoryLock).
        let lock = try CommandLock.data(root, for: "brewguide duplicate")
        defer { lock.release() }
        let data = DataDirectoryReader(root: root).read()
        let copy: RecipeDuplicator.Copy
        do {
            copy = try RecipeDuplicator(root: root).duplicate(recipeId, name: name, dataset: data.validated.dataset, now: RunClock.now())
            try AtomicFile.write(copy.bytes, to: copy.path)
        } catch {
            throw CommandError.from(error)
        }
        if data.validated.invalidRecipeReasons[recipeId] != nil {
            StandardError.write("warning: \"\(recipeId)\" is invalid, and so is its copy until it is fixed; `brewguide check` says why\n")
        }
        print("""
            Made "\(copy.recipe.name)" (\(copy.recipe.id)), a custom copy of \(recipeId), in \(copy.path).
            Edit it there; `brewguide check` checks it, and `brewguide scale \(copy.recipe.id)` plans a brew with it.
            """)
    }
}
