import ArgumentParser

/// `brewguide kitchen`: cooking recipes (issue 14).
struct KitchenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitchen",
        abstract: "Cooking recipes: scale by servings. See docs/KITCHEN.md.",
        subcommands: [KitchenScaleCommand.self]
    )
}
