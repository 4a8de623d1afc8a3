import ArgumentParser

/// `brewguide kitchen …`: cooking recipes, meal plans, goals and the shopping list.
struct KitchenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitchen",
        abstract: "The kitchen: meal plans, nutrition goals and the shopping list.",
        subcommands: KitchenPlanCommands.all
    )
}
