import BrewKit

extension SitePlan {
    /// The search index of every page a person wrote something on: recipes, kitchen recipes,
    /// nights out, brews (newest first) and cook logs, in that order (the order of equal matches).
    func searchIndex() -> SiteSearchIndex {
        var index = SiteSearchIndex()
        for recipe in journal.recipes {
            index.add(.recipe, title: recipe.name, url: "recipes/\(recipe.id).html", texts: [recipe.name], snippetFrom: [])
        }
        for recipe in kitchen.recipes {
            index.add(.kitchenRecipe, title: recipe.title, url: "kitchen/recipes/\(recipe.id).html",
                      texts: [recipe.title, recipe.category.rawValue, recipe.caption, recipe.notes] + recipe.ingredients.map(\.name),
                      snippetFrom: [recipe.caption, recipe.notes, recipe.ingredients.map(\.name).joined(separator: ", ")])
        }
        for session in sessions.sessions {
            let title = SessionText.title(session, in: sessions.timeZone)
            index.add(.night, title: title, url: "sessions/\(session.id).html", texts: [title], snippetFrom: [])
        }
        for (position, log) in journal.logs.enumerated() {
            let bean = [log.bean, log.roaster].compactMap { $0 }.joined(separator: ", ")
            index.add(.brew, title: "\(log.recipeNameAtBrew), \(journal.localTimes[position].dayAndTime)", url: journal.logPaths[position] + ".html",
                      texts: [log.recipeNameAtBrew, log.note, log.tasteTag?.displayName, log.bean, log.roaster],
                      snippetFrom: [log.note, bean, log.tasteTag?.displayName])
        }
        for recipe in kitchen.recipes {
            for cook in kitchen.cooks[recipe.id]?.logs ?? [] {
                index.add(.cooked, title: "\(recipe.title), cooked \(cook.day)", url: "kitchen/recipes/\(recipe.id).html",
                          texts: [recipe.title, cook.note], snippetFrom: [cook.note])
            }
        }
        return index
    }
}
