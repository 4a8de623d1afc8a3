import ArgumentParser

/// `brewguide kitchen`: cooking recipes (issue 14).
struct KitchenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitchen",
        abstract: "Cooking recipes (scale, clip, archive, restore, favourite), meal plans, nutrition goals and the shopping list. See docs/KITCHEN.md.",
        subcommands: [KitchenScaleCommand.self, KitchenClipCommand.self, KitchenImportCommand.self, KitchenExportCommand.self, KitchenArchiveCommand.self, KitchenRestoreCommand.self, KitchenFavouriteCommand.self]
            + KitchenPlanCommands.all
    )
}
