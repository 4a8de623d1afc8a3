import BrewKit

/// One kind of record, declared in one file of this folder: where its files live and how its
/// records are told apart there (`rules.place`, `claim`), how a record names itself and its owner
/// (`rules.identity`), how `merge` combines two copies and what `erase` does with it and records in
/// the ledger (`rules.merge`, `rules.erase`), where the export archive carries it and whether its
/// manifest counts it, what a merge report calls it, its merge routine and what a merge takes out
/// of the target (`merge(_:)`, `leavesTarget`), what erase's selections of its own take and the
/// files its records name (`erased(by:)`, `namedFiles`), the records a `DataSnapshot` holds of it,
/// and its CSV export tables. `RecordKinds.all` lists every declaration once; `RecordKind` (the
/// name a kind goes by in files, the ledger and messages) asks its declaration for each of these,
/// and `Merger` and `Eraser` walk the registry. The merge and erase members have no default, so a
/// declaration without them does not compile.
///
/// What a kind does not declare yet (docs/ARCHITECTURE.md, "Adding a kind of record"): its
/// place in the typed fields a new archive member fills (`ParsedFile`, `DataSnapshot`), an archive member of its own (a
/// case of `ArchiveMember`, whose switches are over members), the ledger name of a kind erased by
/// id (a case of `ErasureRecord.Kind`), what an erased kitchen recipe leaves naming it
/// (`KitchenRecipeUses`), and its pages (`SitePlan`, `SiteChanges`: it names the groups of pages
/// it is shown on, `pageGroups`, which `KindPagesTests` checks them against).
public protocol RecordKindDeclaration {
    /// The kind this declares.
    static var kind: RecordKind { get }
    /// Its place, identity, merge and erase rules.
    static var rules: RecordKind.Rules { get }
    /// The archive member that carries its records (nested ones travel in their owner's).
    static var archiveMember: ArchiveMember { get }
    /// Whether the manifest's `counts` names it (whenever its member is written).
    static var isCountedInManifest: Bool { get }
    /// How a merge report names a record of it (`plan slot a`, `kitchen recipe soup`).
    static var mergeLabel: String { get }
    /// Merges its records from `walk`'s sources into the target by its `rules.merge`, adding to
    /// `walk.outcome`: `Merger.merge` calls it for each kind in the registry's order. A routine of
    /// `Rights/Merger*.swift` (`mergeConflictedCopies`, `mergeLogs`, `mergeSessions`,
    /// `mergePlannerKind`, …), or nothing for a kind merged with its owner.
    static func merge(_ walk: inout Merger.Walk)
    /// Whether the merge takes one of its records (read from a target's file) out of the target's
    /// files: erased on some side, or replaced by a version written elsewhere
    /// (`Merger.Outcome.removesFromTarget`). `ownerID`: the id of the record it belongs to.
    static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool
    /// What `erase` takes of it under a selection of its own beside its erase rule (`--plan-before`
    /// takes the earlier plan slots, `--shopping` the shopping list); `.nothing` for most kinds.
    static func erased(by selection: Eraser.Selection) -> Eraser.Reach
    /// The files in the data directory that one of its records names (a kitchen recipe's
    /// thumbnail): `erase` removes one with the last record that names it.
    static func namedFiles(_ record: JSONValue) -> [String]
    /// For a kind that owns a folder: the kind of a CSV file in it, from its header; nil when no kind claims it.
    static func claim(csvHeader header: [String]) -> RecordKind?
    /// For a kind that owns a folder or a file: the kind of one JSON record in it, from its keys; nil when none claims it.
    static func claim(jsonKeys keys: Set<String>) -> RecordKind?
    /// Its records in `snapshot`, as JSON; a record that belongs to another carries its owner's id.
    static func records(in snapshot: DataSnapshot) -> [JSONValue]
    /// How many records of it `snapshot` holds: `records(in:).count`, counted without encoding where it can be.
    static func count(in snapshot: DataSnapshot) -> Int
    /// Its tables in the CSV export: none when its records are written in another kind's table or it has none to write.
    static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable]
    /// The CSV README's line for its tables whatever the data holds; nil: the first table's own line.
    static var csvReadmeLineAlways: String? { get }
    /// The ids its records name in other kinds (not its owner's): each checked by its validator
    /// through `KindReference.check`, with a did-you-mean; `KindReferenceTests` is generated from them.
    static var references: [KindReference] { get }
    /// The groups of pages its records are shown on, which `watch` makes again when they change
    /// (`SiteChanges`); `KindPagesTests`, generated from the registry, fails when a page of another group changes with them.
    static var pageGroups: Set<PageGroup> { get }
}

extension RecordKindDeclaration {
    public static func claim(csvHeader header: [String]) -> RecordKind? { nil }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { nil }
    public static func count(in snapshot: DataSnapshot) -> Int { records(in: snapshot).count }
    public static var csvReadmeLineAlways: String? { nil }
    public static var references: [KindReference] { [] }
}
