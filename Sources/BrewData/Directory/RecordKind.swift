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
/// Each kind is declared by a type of its own in `Sources/BrewData/Kinds` (`RecordKindDeclaration`:
/// its rules, claims, archive member, manifest count, merge label, merge routine, what a merge
/// takes out of the target and what erase takes, snapshot records and CSV tables), listed once in
/// `RecordKinds.all`; this enum is the kind's name in files, the ledger and messages, and each
/// fact below asks the declaration. Adding a kind is a case here, its declaration, its entry in
/// the registry, its decoder and its pages. No `switch` over `RecordKind` is left outside the
/// kinds' own files (`Merger` and `Eraser` walk the registry and ask the declarations; the
/// sessions folder's three kinds are told apart in `SessionsKind.decode`). The compiler names a declaration that
/// lacks a member, and `EveryKindIsCarriedTests` (over the registry) checks that export, import,
/// merge and erase carry it (docs/ARCHITECTURE.md and docs/DATA-RIGHTS.md, "Adding a kind").
public struct RecordKind: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name in files, the ledger's `--kind`, messages and the data set's store.
    public let rawValue: String

    /// A kind named `rawValue`: each declaration names its own (`extension RecordKind` in its file).
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Every registered kind, in the registry's order (`RecordKinds.all`).
    public static var allCases: [RecordKind] { RecordKinds.kinds }

    public static let recipes = RecordKind("recipes")
    public static let recipeSteps = RecordKind("recipeSteps")
    public static let logs = RecordKind("logs")
    public static let sessions = RecordKind("sessions")
    public static let sessionEntries = RecordKind("sessionEntries")
    public static let drinkPresets = RecordKind("drinkPresets")
    public static let preferences = RecordKind("preferences")
    public static let erasures = RecordKind("erasures")
    /// Recorded pours, `flows/<log-id>.json`, each belonging to a brew log (issue 17).
    public static let flows = RecordKind("flows")
    /// Cooking recipes of the kitchen (issue 14), with their ingredients and steps as CSV rows of their own.
    public static let kitchenRecipes = RecordKind("kitchenRecipes")
    public static let kitchenIngredients = RecordKind("kitchenIngredients")
    public static let kitchenSteps = RecordKind("kitchenSteps")
    /// Meal-plan slots (issue 15), in `kitchen/plan/`; read by `MealPlanReader`.
    public static let mealPlanSlots = RecordKind("mealPlanSlots")
    /// Pages, links and captions waiting to be clipped (`kitchen clip --inbox`; MOD/DATA/005).
    public static let kitchenInbox = RecordKind("kitchenInbox")
    /// Quick-add snack presets that add to or override the built-in eight (`kitchen/snacks.json`, issue 15).
    public static let snackPresets = RecordKind("snackPresets")
    /// The shopping list (MOD/DATA/003): `kitchen/shopping.json`, or the same items as `kitchen/shopping.csv`.
    public static let shoppingItems = RecordKind("shoppingItems")
    /// That a kitchen recipe was cooked: `kitchen/cooked.json` (`CookLogsKind`).
    public static let cookLogs = RecordKind("cookLogs")

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

    /// The kind's rules, as its declaration gives them (`RecordKinds`).
    public var rules: Rules { declaration.rules }

    /// The kind's declaration (`Sources/BrewData/Kinds`).
    public var declaration: any RecordKindDeclaration.Type { RecordKinds.declaration(of: self) }

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
        registered.filter { if case .folder = $0.rules.place { true } else { false } }
    }

    /// The kinds that own one file (or a JSON file and its CSV twin), with each path, in order.
    public static var fileKinds: [(kind: RecordKind, path: String)] {
        registered.flatMap { kind -> [(kind: RecordKind, path: String)] in
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
    public func claim(csvHeader header: [String]) -> RecordKind? { declaration.claim(csvHeader: header) }

    /// The kind of one JSON record in this kind's folder, from its keys; nil when no kind claims it.
    public func claim(jsonKeys keys: Set<String>) -> RecordKind? { declaration.claim(jsonKeys: keys) }
}

// What each kind is to the rights commands, beside its rules, as its declaration says.
extension RecordKind {
    /// The archive member that carries this kind's records (nested ones travel in their owner's).
    public var archiveMember: ArchiveMember { declaration.archiveMember }

    /// Whether the manifest's `counts` names this kind (whenever its member is written). A kind
    /// counted with its owner (steps, entries, ingredients) is not; nor are drink presets.
    public var isCountedInManifest: Bool { declaration.isCountedInManifest }

    /// How a merge report names a record of this kind (`plan slot a`, `kitchen recipe soup`).
    public var mergeLabel: String { declaration.mergeLabel }

    /// The registered kinds, in the registry's order (`RecordKinds.all`; the same as `allCases`).
    public static var registered: [RecordKind] { RecordKinds.kinds }
}
