import ArgumentParser

/// `brewguide kitchen`: cooking recipes (issue 14).
struct KitchenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitchen",
        abstract: "Cooking recipes (scale, archive, restore, favourite), meal plans, nutrition goals and the shopping list. See docs/KITCHEN.md.",
        subcommands: [KitchenScaleCommand.self, KitchenArchiveCommand.self, KitchenRestoreCommand.self, KitchenFavouriteCommand.self]
            + KitchenPlanCommands.all
    )
}
