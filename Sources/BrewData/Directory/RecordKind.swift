/// Every kind of record a data directory holds: the one list that `check`, `build`, `watch`,
/// `export`, `import`, `erase` and `merge` consult to know what a file holds, how a record is
/// identified, how two copies of it combine and what erasing it removes.
///
/// Rules:
/// - A folder kind (`place` is `.folder`) owns a folder: every `.json` and `.csv` file under it,
///   at any depth, is read, and its records are told apart by `claim(csvHeader:)` /
///   `claim(jsonKeys:)` when the folder holds several kinds (steps beside recipes; entries and
///   drink presets beside sessions).
/// - A file kind (`place` is `.file`) owns one file.
/// - A file or folder of the data directory that no kind claims is reported (a warning naming
///   the folders and files that are read), never skipped in silence; `README.md` and other
///   `.md`/`.txt` notes are the one exception, and hidden files and editor droppings
///   (`EditorDroppings`) are never data.
///
/// Adding a kind is one case here, its `rules`, its decoder and its pages; every `switch` over
/// `RecordKind` has no `default:`, so the compiler lists each place that must decide about it
/// (the rights commands walk `allCases`: `archiveMember`, `DataSnapshot.records(_:)`,
/// `csvTables(in:)`, `Merger.merge`), and `EveryKindIsCarriedTests` checks that export, import,
/// merge and erase carry it (docs/DATA-RIGHTS.md, "Adding a kind").
public enum RecordKind: String, Sendable, CaseIterable {
    case recipes
    case recipeSteps
    case logs
    case sessions
    case sessionEntries
    case drinkPresets
    case preferences
    case erasures
    /// Recorded pours, `flows/<log-id>.json`, each belonging to a brew log (issue 17).
    case flows
    /// Cooking recipes of the kitchen (issue 14), with their ingredients and steps as CSV rows of their own.
    case kitchenRecipes
    case kitchenIngredients
    case kitchenSteps
    /// Meal-plan slots (issue 15), in `kitchen/plan/`; read by `MealPlanReader`.
    case mealPlanSlots
    /// Pages, links and captions waiting to be clipped (`kitchen clip --inbox`; MOD/DATA/005).
    case kitchenInbox
    /// Quick-add snack presets that add to or override the built-in eight (`kitchen/snacks.json`, issue 15).
    case snackPresets
    /// The shopping list (MOD/DATA/003): `kitchen/shopping.json`, or the same items as `kitchen/shopping.csv`.
    case shoppingItems

    /// Where the records of a kind live.
    public enum Place: Sendable, Equatable {
        /// Every `.json` and `.csv` file under this folder of the data directory (a path with `/`).
        case folder(String)
        /// Records inside the files of another kind's folder, told apart by their content.
        case within(RecordKind)
        /// One file (a path with `/` under the data directory).
        case file(String)
        /// One list kept in either of these files (a JSON file and its CSV twin); both are read
        /// when both exist, and commands write the first.
        case files([String])
    }

    /// How a record names itself and the record it belongs to.
    public struct Identity: Sendable, Equatable {
        /// The field holding the record's id; nil for a kind with one record (preferences).
        public var idField: String?
        /// The record this one belongs to, if any: merged and erased with it.
        public var owner: Owner?

        public init(idField: String?, owner: Owner? = nil) {
            self.idField = idField
            self.owner = owner
        }
    }

    /// The kind of record another belongs to, and where the owner's id is written.
    public struct Owner: Sendable, Equatable {
        public enum Reference: Sendable, Equatable {
            /// A field (a CSV column) names the owner: `recipeId`, `sessionId`.
            case field(String)
            /// The file's name without its extension is the owner's id: `flows/<log-id>.json`.
            case fileName
        }

        public var kind: RecordKind
        public var reference: Reference

        public init(_ kind: RecordKind, _ reference: Reference) {
            self.kind = kind
            self.reference = reference
        }
    }

    /// How `merge` combines a record found in the target and in a source.
    public enum MergeRule: Sendable, Equatable {
        /// Same id and content: kept once. Same id, different content: both kept, the incoming
        /// one under `<id>-merged-<8 hex of its canonical JSON>`.
        case appendOnly
        /// Same id, different content: both kept; the later `timestampField` keeps the id, the
        /// other becomes a "(Conflicted Copy)" under `<id>-conflict-<8 hex>`.
        case conflictedCopy(timestampField: String)
        /// Same id: one record; each field group and each nested record (by id) from the copy
        /// with the later `timestampField` (last write wins); a copy without it counts as oldest.
        case lastWriteWins(timestampField: String)
        /// Merged as part of the record it belongs to (`identity.owner`).
        case withOwner
        /// The target's copy is kept; a target without one takes the first source's.
        case targetKeeps
        /// Same id: the copy further along `statusOrder` (last is furthest) wins, then the later
        /// `timestampField`; on a tie the target's copy stays. The other copy is dropped and reported.
        case furthestAlong(statusField: String, statusOrder: [String], timestampField: String)
        /// Every source's records are added to the target's (a set).
        case union
    }

    /// What `erase` does with records of a kind.
    public enum EraseRule: Sendable, Equatable {
        /// Erased by id (`erase --<ledgerKind> ID`, `--kind`, `--all`), recorded in the erasure
        /// ledger under `ledgerKind`, in every case of the id and every `-merged-`/`-conflict-` copy.
        case byID(ledgerKind: ErasureRecord.Kind)
        /// Erased with the record it belongs to.
        case withOwner
        /// Erased only by `erase --all` (and the planner's own selections, `--plan-before` and
        /// `--shopping`); `ledgerKind` is recorded when set (for the planner's kinds, a timed
        /// erasure: `PlannerErasures`).
        case withEverything(ledgerKind: ErasureRecord.Kind?)
        /// Never erased: the erasure ledger itself, which holds no personal content.
        case never
    }

    /// The rules of a kind, in one place.
    public struct Rules: Sendable, Equatable {
        public var place: Place
        public var identity: Identity
        public var merge: MergeRule
        public var erase: EraseRule
        /// A line for people (docs, messages).
        public var summary: String
    }

    public var rules: Rules {
        switch self {
        case .recipes:
            Rules(place: .folder("recipes"), identity: Identity(idField: "id"),
                  merge: .conflictedCopy(timestampField: "modifiedAt"), erase: .byID(ledgerKind: .recipe),
                  summary: "recipes: recipes/*.json (steps nested) or a recipes CSV")
        case .recipeSteps:
            Rules(place: .within(.recipes), identity: Identity(idField: "stepId", owner: Owner(.recipes, .field("recipeId"))),
                  merge: .withOwner, erase: .withOwner,
                  summary: "recipe steps: a CSV in recipes/ with a recipeId column (and no defaultDose)")
        case .logs:
            Rules(place: .folder("logs"), identity: Identity(idField: "id"),
                  merge: .appendOnly, erase: .byID(ledgerKind: .log),
                  summary: "brew logs: logs/*.json or *.csv")
        case .sessions:
            Rules(place: .folder("sessions"), identity: Identity(idField: "id"),
                  merge: .lastWriteWins(timestampField: "updatedAt"), erase: .byID(ledgerKind: .session),
                  summary: "night-out sessions: objects with startTime in sessions/*.json, or a CSV with a startTime column")
        case .sessionEntries:
            Rules(place: .within(.sessions), identity: Identity(idField: "id", owner: Owner(.sessions, .field("sessionId"))),
                  merge: .withOwner, erase: .withOwner,
                  summary: "session entries: nested under a session, or a CSV in sessions/ with a sessionId column")
        case .drinkPresets:
            Rules(place: .within(.sessions), identity: Identity(idField: "id"),
                  merge: .lastWriteWins(timestampField: "updatedAt"), erase: .byID(ledgerKind: .drinkPreset),
                  summary: "drink presets: objects with name (and no startTime) in sessions/*.json, or a CSV with a name column")
        case .preferences:
            Rules(place: .file("preferences.json"), identity: Identity(idField: nil),
                  merge: .targetKeeps, erase: .withEverything(ledgerKind: .preferences),
                  summary: "preferences: preferences.json")
        case .erasures:
            Rules(place: .file("erasures.json"), identity: Identity(idField: "id"),
                  merge: .union, erase: .never,
                  summary: "the erasure ledger: erasures.json")
        case .flows:
            Rules(place: .folder("flows"), identity: Identity(idField: "logId", owner: Owner(.logs, .fileName)),
                  merge: .withOwner, erase: .withOwner,
                  summary: "recorded pours: flows/<log-id>.json, the scale's readings of one brew")
        case .kitchenRecipes:
            Rules(place: .folder("kitchen/recipes"), identity: Identity(idField: "id"),
                  merge: .conflictedCopy(timestampField: "updatedAt"), erase: .byID(ledgerKind: .kitchenRecipe),
                  summary: "kitchen recipes: kitchen/recipes/*.json (ingredients and steps nested) or a CSV with a title column")
        case .kitchenIngredients:
            Rules(place: .within(.kitchenRecipes), identity: Identity(idField: "id", owner: Owner(.kitchenRecipes, .field("recipeId"))),
                  merge: .withOwner, erase: .withOwner,
                  summary: "kitchen ingredients: nested in a kitchen recipe, or a CSV in kitchen/recipes/ with recipeId and amount columns")
        case .kitchenSteps:
            Rules(place: .within(.kitchenRecipes), identity: Identity(idField: "id", owner: Owner(.kitchenRecipes, .field("recipeId"))),
                  merge: .withOwner, erase: .withOwner,
                  summary: "kitchen steps: nested in a kitchen recipe, or a CSV in kitchen/recipes/ with recipeId and order columns")
        case .mealPlanSlots:
            Rules(place: .folder("kitchen/plan"), identity: Identity(idField: "id"),
                  merge: .lastWriteWins(timestampField: "updatedAt"), erase: .withEverything(ledgerKind: .planSlot),
                  summary: "meal-plan slots: kitchen/plan/*.json or *.csv")
        case .kitchenInbox:
            Rules(place: .file("kitchen/inbox.json"), identity: Identity(idField: "id"),
                  merge: .furthestAlong(statusField: "status", statusOrder: ["pending", "failed", "ready"], timestampField: "createdAt"),
                  erase: .withEverything(ledgerKind: .inboxEntry),
                  summary: "the kitchen inbox: kitchen/inbox.json")
        case .snackPresets:
            Rules(place: .file("kitchen/snacks.json"), identity: Identity(idField: "id"),
                  merge: .lastWriteWins(timestampField: "updatedAt"), erase: .withEverything(ledgerKind: .snackPreset),
                  summary: "snack presets: kitchen/snacks.json")
        case .shoppingItems:
            Rules(place: .files(["kitchen/shopping.json", "kitchen/shopping.csv"]), identity: Identity(idField: "id"),
                  merge: .lastWriteWins(timestampField: "updatedAt"), erase: .withEverything(ledgerKind: .shoppingItem),
                  summary: "the shopping list: kitchen/shopping.json or kitchen/shopping.csv")
        }
    }

    /// The folder under the data directory that holds the kind's files ("" for the data
    /// directory itself).
    public var folderName: String {
        switch rules.place {
        case .folder(let folder): folder
        case .within(let owner): owner.folderName
        case .file(let path): path.split(separator: "/").dropLast().joined(separator: "/")
        case .files(let paths): (paths.first ?? "").split(separator: "/").dropLast().joined(separator: "/")
        }
    }

    /// The kinds that own a folder, in reading order.
    public static var folderKinds: [RecordKind] {
        allCases.filter { if case .folder = $0.rules.place { true } else { false } }
    }

    /// The kinds that own one file (or a JSON file and its CSV twin), with each path, in order.
    public static var fileKinds: [(kind: RecordKind, path: String)] {
        allCases.flatMap { kind -> [(kind: RecordKind, path: String)] in
            switch kind.rules.place {
            case .file(let path): [(kind, path)]
            case .files(let paths): paths.map { (kind, $0) }
            case .folder, .within: []
            }
        }
    }

    /// The paths of a file kind (`.file` or `.files`); empty for other kinds.
    public var filePaths: [String] {
        switch rules.place {
        case .file(let path): [path]
        case .files(let paths): paths
        case .folder, .within: []
        }
    }

    /// The top-level names of the data directory that some kind claims (`recipes`, `preferences.json`, …).
    public static var claimedTopLevelNames: Set<String> {
        Set(folderKinds.map(\.folderName) + fileKinds.map(\.path)).reduce(into: Set<String>()) { names, path in
            if let first = path.split(separator: "/").first { names.insert(String(first)) }
        }
    }

    /// Every path a kind claims (`recipes`, `kitchen/plan`, `kitchen/inbox.json`, …), with `/`.
    public static var claimedPaths: Set<String> {
        Set(folderKinds.map(\.folderName) + fileKinds.map(\.path))
    }

    /// The folders that are not a kind's place but hold places of kinds (`""` for the data
    /// directory, `kitchen`), where an entry no kind claims is reported.
    public static var foldersOfPlaces: Set<String> {
        claimedPaths.reduce(into: Set<String>()) { folders, path in
            var parts = path.split(separator: "/").dropLast()
            while true {
                folders.insert(parts.joined(separator: "/"))
                if parts.isEmpty { break }
                parts = parts.dropLast()
            }
        }
    }

    /// What the data directory reads, for messages about a file no kind claims.
    public static var layoutDescription: String {
        let folders = folderKinds.map { "\($0.folderName)/" }
        return "the data directory reads " + (folders + fileKinds.map(\.path)).joined(separator: ", ")
    }

    /// The kind of a CSV file in this kind's folder, from its header; nil when no kind claims it.
    public func claim(csvHeader header: [String]) -> RecordKind? {
        switch self {
        case .recipes: header.contains("recipeId") && !header.contains("defaultDose") ? .recipeSteps : .recipes
        case .logs: .logs
        case .flows: nil  // A recorded pour is JSON only.
        case .sessions:
            header.contains("sessionId") ? .sessionEntries : header.contains("startTime") ? .sessions : header.contains("name") ? .drinkPresets : nil
        case .kitchenRecipes:
            header.contains("recipeId") ? (header.contains("amount") ? .kitchenIngredients : header.contains("order") ? .kitchenSteps : nil)
                : header.contains("title") ? .kitchenRecipes : nil
        case .mealPlanSlots: .mealPlanSlots
        // File kinds own their file: every record in it is theirs.
        case .shoppingItems: .shoppingItems
        case .snackPresets, .kitchenInbox: nil  // JSON only
        case .recipeSteps, .sessionEntries, .drinkPresets, .preferences, .erasures, .kitchenIngredients, .kitchenSteps: nil
        }
    }

    /// The kind of one JSON record in this kind's folder, from its keys; nil when no kind claims it.
    public func claim(jsonKeys keys: Set<String>) -> RecordKind? {
        switch self {
        case .recipes: .recipes
        case .logs: .logs
        case .flows: .flows
        case .sessions: keys.contains("startTime") ? .sessions : keys.contains("name") ? .drinkPresets : nil
        case .kitchenRecipes: .kitchenRecipes
        case .mealPlanSlots: .mealPlanSlots
        // File kinds own their file: every record in it is theirs.
        case .shoppingItems: .shoppingItems
        case .snackPresets: .snackPresets
        case .kitchenInbox: .kitchenInbox
        case .recipeSteps, .sessionEntries, .drinkPresets, .preferences, .erasures, .kitchenIngredients, .kitchenSteps: nil
        }
    }
}

// What each kind is to the rights commands, beside its rules: where the archive carries it, whether
// its manifest counts it, what a merge report calls it. Each is a switch with no `default:`, kept
// here so that a new kind's declarative facts are decided in this one file (the code that acts on
// them, its decoder, CSV table and merge routine, is named by the compiler elsewhere).
extension RecordKind {
    /// The archive member that carries this kind's records (nested ones travel in their owner's).
    public var archiveMember: ArchiveMember {
        switch self {
        case .recipes, .recipeSteps: .recipes
        case .logs: .logs
        case .sessions, .sessionEntries, .drinkPresets: .sessionFiles
        case .preferences: .preferences
        case .erasures: .erasures
        case .flows: .flows
        case .kitchenRecipes, .kitchenIngredients, .kitchenSteps: .kitchenRecipes
        case .mealPlanSlots, .kitchenInbox, .snackPresets, .shoppingItems: .kitchenFiles
        }
    }

    /// Whether the manifest's `counts` names this kind (whenever its member is written). A kind
    /// counted with its owner (steps, entries, ingredients) is not; nor are drink presets, which
    /// archives have never counted (a count added now would change every archive's bytes).
    public var isCountedInManifest: Bool {
        switch self {
        case .recipes, .logs, .sessions, .preferences, .erasures, .flows, .kitchenRecipes,
             .mealPlanSlots, .kitchenInbox, .snackPresets, .shoppingItems: true
        case .recipeSteps, .sessionEntries, .drinkPresets, .kitchenIngredients, .kitchenSteps: false
        }
    }

    /// How a merge report names a record of this kind (`plan slot a`, `kitchen recipe soup`).
    public var mergeLabel: String {
        switch self {
        case .recipes: "recipe"
        case .logs: "log"
        case .sessions: "session"
        case .drinkPresets: "drink preset"
        case .kitchenRecipes: "kitchen recipe"
        case .mealPlanSlots: "plan slot"
        case .shoppingItems: "shopping item"
        case .snackPresets: "snack preset"
        case .kitchenInbox: "inbox entry"
        case .preferences: "preferences"
        case .sessionEntries: "session entry"
        case .recipeSteps, .erasures, .flows, .kitchenIngredients, .kitchenSteps: rawValue
        }
    }
}
