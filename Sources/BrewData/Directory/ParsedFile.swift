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
    public var logs: [Located<BrewLog>] = []
    /// Records of kinds this version reads elsewhere (sessions), kept raw.
    public var rawRecords: [RawNode] = []
    public var diagnostics: [Diagnostic] = []

    public init(path: String, kind: RecordKind) {
        self.path = path
        self.kind = kind
    }
}
