import BrewKit
import Foundation

extension SitePlan {
    /// The search index of every page a person wrote something on: recipes and kitchen recipes,
    /// then nights out, brews and cook logs together, the oldest first. A new brew (or night, or
    /// cook log) is the newest, so it takes the next number and no document is renumbered: a build
    /// after it rewrites the last file of documents and not the others. `assets/search.js` lists
    /// equal matches newest (highest number) first.
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
        // Nights and cook logs (a few) by when they began, each added before the first brew after it.
        var dated: [(at: Date, add: (inout SiteSearchIndex) -> Void)] = []
        for session in sessions.sessions {
            let title = SessionText.title(session, in: sessions.timeZone)
            dated.append((session.startTime, { $0.add(.night, title: title, url: "sessions/\(session.id).html", texts: [title], snippetFrom: []) }))
        }
        for recipe in kitchen.recipes {
            for cook in kitchen.cooks[recipe.id]?.logs ?? [] {
                dated.append((cook.cookedAt, {
                    $0.add(.cooked, title: "\(recipe.title), cooked \(cook.day)", url: "kitchen/recipes/\(recipe.id).html",
                           texts: [recipe.title, cook.note], snippetFrom: [cook.note])
                }))
            }
        }
        let others = dated.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var nextOther = 0
        // `journal.logs` is newest first.
        for position in journal.logs.indices.reversed() {
            let log = journal.logs[position]
            while nextOther < others.count, others[nextOther].at <= log.timestamp {
                others[nextOther].add(&index)
                nextOther += 1
            }
            let bean: String? = switch (log.bean, log.roaster) {
            case let (bean?, roaster?): "\(bean), \(roaster)"
            case let (bean, roaster): bean ?? roaster
            }
            index.add(.brew, title: "\(log.recipeNameAtBrew), \(journal.localTimes[position].dayAndTime)", url: journal.logPaths[position] + ".html",
                      texts: [log.recipeNameAtBrew, log.note, log.tasteTag?.displayName, log.bean, log.roaster],
                      snippetFrom: [log.note, bean, log.tasteTag?.displayName])
        }
        for other in others[nextOther...] { other.add(&index) }
        return index
    }
}
