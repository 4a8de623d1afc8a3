import ArgumentParser

/// The meal planner's subcommands of `brewguide kitchen` (issue 15).
enum KitchenPlanCommands {
    static let all: [ParsableCommand.Type] = [
        KitchenGoalsCommand.self, KitchenDayCommand.self, KitchenPlanCommand.self, KitchenShoppingCommand.self, KitchenCookedCommand.self,
    ]
}
