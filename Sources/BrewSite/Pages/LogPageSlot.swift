/// The values of a log's page and of its row, by the names `log.md` and `log-row.md` read them
/// under: the slots of a log page (`PageSlots`). A row holds the first ten.
enum LogPageSlot: Int, CaseIterable {
    // The row.
    case id, path, when, isoTimestamp, recipeName, rating, stars, ratingText, tasteTag, recipeId
    // The brew.
    case dose, yield, ratio, temperature, grind, hint, note, hasNote, hintsLink
    // Its optional details (`Journal.details(of:)`).
    case methodName, bean, roaster, mill, grinderSetting, brewTime, bloom, tds, brix, beverage, extractionYield, importedFrom
    // Its bag of beans and the bag's age that day.
    case bagName, bagAge, bagPath
    // Against its recipe, and the next brew of it.
    case comparison, nextId, nextPath, nextWhen, nextSentence, isLatestOfRecipe
    case hasPour, hasFlow
    // Every page's.
    case root, siteTitle

    static let schema = PageSlots.Schema(LogPageSlot.self)
}

extension PageSlots {
    subscript(slot: LogPageSlot) -> Value {
        get { self[slot.rawValue] }
        set { self[slot.rawValue] = newValue }
    }
}
