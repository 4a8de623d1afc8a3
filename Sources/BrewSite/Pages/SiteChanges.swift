import BrewData
import BrewKit
import Foundation

/// The pages one change to the data touches: what an incremental build renders and removes.
///
/// Pages made from the whole journal (home, recipes, statistics, hints) are always remade, as
/// they are few; cards when a recipe or the card doses of the preferences changed. A log page
/// is remade when its log, its recipe, its recorded pour or the next brew of its recipe changed; a list page when the logs on it, their order or the list's
/// heading changed; every list and log page when the recipes' names, order or validity changed
/// (they link to recipes) or the browse links shared by all lists did; session pages when the
/// records of a kind on the store whose declaration shows it on them (`pageGroups`: sessions,
/// drink presets) or the Waterline settings changed.
public struct SiteChanges: Sendable {
    /// Sources of the new plan to render.
    public var sources: [SitePlan.Source]
    /// Page paths (without extension) of the old plan that the new one no longer has.
    public var removedPaths: [String]
    /// Logs added, changed or removed, by id.
    public var changedLogIDs: Set<String>

    /// Every page of `plan`, for a first build or a template change.
    public static func everything(in plan: SitePlan, replacing old: SitePlan?) -> SiteChanges {
        let newPaths = Set(plan.sources.map(plan.path(of:)))
        let removed = old.map { old in old.sources.map(old.path(of:)).filter { !newPaths.contains($0) } } ?? []
        return SiteChanges(sources: plan.sources, removedPaths: removed, changedLogIDs: [])
    }

    public static func between(_ old: SitePlan, _ new: SitePlan) -> SiteChanges {
        GiveWay.never { giveWay throws(GaveWay) in try between(old, new, giveWay: giveWay) }
    }

    /// `between(_:_:)`, giving way between its steps and every few thousand logs (`watch`).
    public static func between(_ old: SitePlan, _ new: SitePlan, giveWay: GiveWay) throws(GaveWay) -> SiteChanges {
        // Every page's navigation changes when a section appears or goes; every day, month and
        // log page's folder (`LogPagePath`) when the journal's time zone does.
        if old.navigation != new.navigation || old.journal.timeZone != new.journal.timeZone { return everything(in: new, replacing: old) }
        let changedLogs = changedLogIDs(old.journal.logs, new.journal.logs)
        try giveWay.check()
        let recipesChanged = recipeSignature(old.journal) != recipeSignature(new.journal)
        // Index pages show each list's count in their browse links; archive pages do not.
        let browseChanged = ContextFingerprint.string(old.journal.browseLinksWithoutCounts) != ContextFingerprint.string(new.journal.browseLinksWithoutCounts)
        let browseCountsChanged = browseChanged || ContextFingerprint.string(old.journal.browseLinks) != ContextFingerprint.string(new.journal.browseLinks)
        // The groups of pages of the kinds on the store whose records changed, as the kinds'
        // declarations name them: the session pages show sessions and drink presets, and any
        // kind declared on them (`pageGroups`), with the Waterline settings of the preferences.
        let oldData = old.journal.validated.dataset, newData = new.journal.validated.dataset
        // Only the kinds shown on those pages are compared (not the logs, found changed above).
        let onSessionPages = { (kindName: String) in PageGroup.showing(kindsNamed: [kindName]).contains(.sessions) }
        let storedGroups = PageGroup.showing(kindsNamed: newData.store.kindsChanged(since: oldData.store, among: onSessionPages))
        let sessionsChanged = storedGroups.contains(.sessions) || oldData.waterline != newData.waterline
        var sources: [SitePlan.Source] = new.summaryPaths.indices.map { .summary($0) }
        let cardDoses = { (plan: SitePlan) in plan.journal.validated.dataset.preferences?.value.cardDosesGrams ?? [] }
        if old.cardRecipes != new.cardRecipes || cardDoses(old) != cardDoses(new) {
            sources += new.cardRecipes.indices.map { .card($0) }
            sources += new.brewAlongs.indices.map { .brew($0) }
        } else if old.journal.openBagChoices.map(\.id) != new.journal.openBagChoices.map(\.id)
                    || old.journal.openBagChoices.map(\.label) != new.journal.openBagChoices.map(\.label) {
            // A brew-along page offers the open bags of beans to "Save this brew".
            sources += new.brewAlongs.indices.map { .brew($0) }
        }
        if sessionsChanged {
            sources += new.sessionSources
        }
        sources += changedMealPlanSources(old, new)
        sources += kitchenSources(old.kitchen, new.kitchen, mealPlanLinkChanged: (old.mealPlan == nil) != (new.mealPlan == nil))
        // Where the changed logs are in the new journal: lists hold positions, and an integer is
        // cheaper to look up than a log id on every row of every list.
        let newLogs = new.journal.logs
        var changedPositions = Set(newLogs.indices.filter { recipesChanged || changedLogs.contains(newLogs[$0].id) })
        // A log page also shows its recipe, its recorded pour and the next brew of its recipe.
        // The old journal's keys were made when it was the new one, on the edit before.
        let oldKeys = try old.journal.makeLogPageKeys(giveWay: giveWay), newKeys = try new.journal.makeLogPageKeys(giveWay: giveWay)
        let oldPositions = old.journal.positionByID
        for position in newLogs.indices where !changedPositions.contains(position) {
            try giveWay.check(at: position)
            if oldPositions[newLogs[position].id].map({ oldKeys[$0] }) != newKeys[position] { changedPositions.insert(position) }
        }
        try giveWay.check()
        let oldLists = Dictionary(old.lists.map { ($0.folder, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, list) in new.lists.enumerated() {
            let pageCount = list.pageCount(perPage: new.perPage)
            guard !recipesChanged, !browseChanged, let previous = oldLists[list.folder], previous.title == list.title, old.perPage == new.perPage else {
                sources += (1...pageCount).map { .list(index, number: $0) }
                continue
            }
            // A page is made again when what it shows changed: its heading, its logs, their order
            // or its links (`LogList`: a new brew changes the index, and an archive page only
            // when one is added or taken away beside it).
            let pagesBefore = previous.pageCount(perPage: old.perPage)
            for number in 1...pageCount {
                if number == 1, browseCountsChanged || previous.intro != list.intro || pagesBefore != pageCount {
                    sources.append(.list(index, number: number))
                    continue
                }
                guard number <= pagesBefore, previous.pageLinks(number, perPage: old.perPage) == list.pageLinks(number, perPage: new.perPage) else {
                    sources.append(.list(index, number: number))
                    continue
                }
                let before = previous.positions(onPage: number, perPage: old.perPage)
                let after = list.positions(onPage: number, perPage: new.perPage)
                let sameLogs = before.count == after.count && zip(before, after).allSatisfy { previous.id(at: $0) == list.id(at: $1) }
                if !sameLogs || after.contains(where: changedPositions.contains) {
                    sources.append(.list(index, number: number))
                }
            }
        }
        sources += changedPositions.sorted().map { .log($0) }
        return SiteChanges(sources: sources, removedPaths: removedPaths(old, new, changedLogs: changedLogs), changedLogIDs: changedLogs)
    }

    /// Pages of `old` that `new` does not have, found without listing every page of either:
    /// of the logs, those removed and those whose brew moved to another month (`LogPagePath`).
    static func removedPaths(_ old: SitePlan, _ new: SitePlan, changedLogs: Set<String>) -> [String] {
        let summaries = Set(new.summaryPaths)
        var removed = old.summaryPaths.filter { !summaries.contains($0) }
        let cards = Set(new.cardRecipes.map(\.id))
        removed += old.cardRecipes.filter { !cards.contains($0.id) }.map { "cards/\($0.id)" }
        // A recipe's brew-along pages go with its card, and one of a dose no longer carded goes.
        let brewAlongs = Set(new.brewAlongs.map(\.path))
        removed += old.brewAlongs.map(\.path).filter { !brewAlongs.contains($0) }
        let sessions = Set((0..<new.sessions.count).map(new.sessions.path(at:)))
        removed += (0..<old.sessions.count).map(old.sessions.path(at:)).filter { !sessions.contains($0) }
        if old.sessions.count > 0 && new.sessions.count == 0 { removed.append("sessions/index") }
        let planPaths = Set(new.mealPlanSources.map(new.path(of:)))
        removed += old.mealPlanSources.map(old.path(of:)).filter { !planPaths.contains($0) }
        let pageCounts = Dictionary(new.lists.map { ($0.folder, $0.pageCount(perPage: new.perPage)) }, uniquingKeysWith: { first, _ in first })
        for list in old.lists {
            let before = list.pageCount(perPage: old.perPage)
            let after = pageCounts[list.folder] ?? 0
            if after < before { removed += (after + 1...before).map(list.pagePath) }
        }
        for id in changedLogs.sorted() {
            guard let before = old.journal.positionByID[id] else { continue }
            let path = old.journal.logPaths[before]
            if new.journal.positionByID[id].map({ new.journal.logPaths[$0] }) != path { removed.append(path) }
        }
        let kitchenPaths = { (plan: SitePlan) in Set(plan.kitchenSources.map(plan.path(of:))) }
        let newKitchen = kitchenPaths(new)
        removed += kitchenPaths(old).subtracting(newKitchen).sorted()
        return removed
    }

    /// The kitchen pages a change touches, as for the coffee lists: a list page when what it shows
    /// changed (`KitchenPages.signature(of:)`: its cards in order, the archive's count, the inbox on
    /// the index) or when the planner gained its first page or lost its last (every list links to
    /// the meal plans and the shopping list while they exist: `mealPlanLinkChanged`); and the pages
    /// of each recipe added or changed, or whose thumbnail file appeared or went; every recipe's
    /// pages when the units or card servings changed. None when nothing of the kitchen changed.
    static func kitchenSources(_ old: KitchenPages, _ new: KitchenPages, mealPlanLinkChanged: Bool = false) -> [SitePlan.Source] {
        let lists = KitchenPages.List.every.indices
        let settingsChanged = old.units != new.units || old.preferenceCardServings != new.preferenceCardServings
        let imagesChanged = Set(old.images.keys) != Set(new.images.keys)
        if !settingsChanged && !imagesChanged && old.recipes == new.recipes && old.cooks == new.cooks {
            if mealPlanLinkChanged { return lists.map(SitePlan.Source.kitchenList) }
            return old.inbox == new.inbox ? [] : [.kitchenList(0)]
        }
        var sources = lists.filter { index in
            let list = KitchenPages.List.every[index]
            return mealPlanLinkChanged || old.signature(of: list) != new.signature(of: list) || (list == .all && old.cooks != new.cooks)
        }.map(SitePlan.Source.kitchenList)
        let before = Dictionary(old.recipes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = { (pages: KitchenPages, recipe: KitchenRecipe) in pages.thumbnailLink(recipe, root: "") }
        let changed = Set(new.recipes.indices.filter { index in
            let recipe = new.recipes[index]
            return settingsChanged || before[recipe.id] != recipe || (imagesChanged && shown(old, recipe) != shown(new, recipe))
                || old.cooks[recipe.id] != new.cooks[recipe.id]
        })
        sources += changed.sorted().map(SitePlan.Source.kitchenRecipe)
        sources += new.cookable.indices.filter { changed.contains(new.cookable[$0]) }.map(SitePlan.Source.kitchenCook)
        sources += changed.sorted().map(SitePlan.Source.kitchenCard)
        return sources
    }

    /// Ids of logs added, removed or changed in any field.
    static func changedLogIDs(_ old: [BrewLog], _ new: [BrewLog]) -> Set<String> {
        // Usually the same logs in the same order: compare them pairwise, without dictionaries.
        if old.count == new.count {
            var changed: Set<String> = []
            var sameOrder = true
            // Through buffer pointers, whose elements are compared in place: an array's are copied
            // out first, and copying a log retains each of its texts (this runs on every edit).
            old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    for index in old.indices where old[index] != new[index] {
                        guard old[index].id == new[index].id else { sameOrder = false; break }
                        changed.insert(new[index].id)
                    }
                }
            }
            if sameOrder { return changed }
        }
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed: Set<String> = []
        var seen: Set<String> = []
        for log in new {
            seen.insert(log.id)
            if before[log.id] != log { changed.insert(log.id) }
        }
        for log in old where !seen.contains(log.id) { changed.insert(log.id) }
        return changed
    }

    /// What list and log pages read of the recipes: ids, names and order, and which are invalid.
    static func recipeSignature(_ journal: Journal) -> [String] {
        journal.recipes.map { "\($0.id)\u{1F}\($0.name)\u{1F}\(journal.invalidReasons[$0.id] == nil)" }
    }

    /// The planner's pages whose content changed: the week of a changed slot, the index and the
    /// shopping list when what they show changed (each compared by its page's values).
    static func changedMealPlanSources(_ old: SitePlan, _ new: SitePlan) -> [SitePlan.Source] {
        let before = Dictionary(old.mealPlanSources.map { (old.path(of: $0), fingerprint(of: old.page(for: $0))) }, uniquingKeysWith: { first, _ in first })
        return new.mealPlanSources.filter { before[new.path(of: $0)] != fingerprint(of: new.page(for: $0)) }
    }

    static func fingerprint(of page: Page) -> String {
        ContextFingerprint.string(page.context) + page.fragments.keys.sorted().map { page.fragments[$0]!.html }.joined()
    }
}
