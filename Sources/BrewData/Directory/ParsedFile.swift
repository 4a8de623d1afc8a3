import BrewKit

/// What one data file holds, read on its own: the unit the watcher re-reads when a file changes.
public struct ParsedFile: Sendable {
    public var path: String
    public var kind: RecordKind
    public var recipes: [Located<Recipe>] = []
    /// Recipes read from a CSV row, waiting for their steps from a steps CSV.
    var recipesAwaitingSteps: Set<String> = []
    /// Steps from a steps CSV, by recipe id, in file order.
    var stepDrafts: [(recipeID: String, draft: StepDecoder.Draft)] = []
    /// The records of a `sessions/`, `kitchen/recipes/` or `kitchen/plan/` file as read, before
    /// decoding (kept for tools that copy them, and the plan's for `MealPlanReader`).
    public var rawRecords: [RawNode] = []
    /// Sessions read from this file, waiting for entries from an entries CSV where they gave none.
    var sessionDrafts: [SessionDecoder.Draft] = []
    /// Entries from an entries CSV, by session id, in file order.
    var sessionEntryDrafts: [(sessionID: String, draft: SessionDecoder.EntryDraft)] = []
    /// Kitchen recipes and their CSV rows (`kitchen/recipes/`).
    public var kitchen = KitchenFileContent()
    /// The records of the kinds kept by kind (`RecordStore`), put on their shelves by their
    /// declaration's decoder (the logs among them); `DatasetAssembler` joins the files' stores.
    public var store = RecordStore()
    public var diagnostics: [Diagnostic] = []

    /// The file's brew logs, in file order: its store's shelf of them (`BrewLog.shelf`).
    public var logs: [Located<BrewLog>] {
        get { store[BrewLog.shelf] }
        set { store[BrewLog.shelf] = newValue }
    }

    /// The preferences a `preferences.json` holds (`PreferencesFile.shelf`); nil in any other file.
    public var preferences: Preferences? { store[PreferencesFile.shelf].first?.value.preferences?.value }

    public init(path: String, kind: RecordKind) {
        self.path = path
        self.kind = kind
    }
}
