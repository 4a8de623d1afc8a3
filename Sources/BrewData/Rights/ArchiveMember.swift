import BrewKit
import Foundation

/// A member of the export archive's `contents` and the files it becomes in a data directory:
/// where each kind of record travels (`RecordKind.archiveMember`, a switch with no `default:`).
/// `Archive`, `ArchiveReader` and `DataDirectoryWriter` loop over these members, each bringing
/// its encoder, its reader and its files, so a kind is carried once it names its member.
///
/// Rules:
/// - `recipes`, `logs`, `sessionFiles`, `preferences` and `erasures` are always written (the
///   archive has always had them); the others are left out when empty, so an archive without them
///   is the same bytes as before they existed and older brewguides still read it.
/// - Members are read in `allCases` order: the flows after the logs they belong to, the
///   thumbnail files after the kitchen recipes that name them.
public enum ArchiveMember: String, CaseIterable, Sendable {
    case recipes, logs, sessionFiles, preferences, erasures, flows, kitchenRecipes, kitchenFiles
    /// The thumbnail files the kitchen recipes name (`KitchenImage`): files of a kind's records, not a kind.
    case kitchenImages

    /// Whether the member is written when it holds nothing.
    var isAlwaysWritten: Bool {
        switch self {
        case .recipes, .logs, .sessionFiles, .preferences, .erasures: true
        case .flows, .kitchenRecipes, .kitchenFiles, .kitchenImages: false
        }
    }

    /// The member's JSON in the archive, or nil when it is left out.
    func json(of snapshot: DataSnapshot) -> JSONValue? {
        let value: JSONValue
        let isEmpty: Bool
        switch self {
        case .recipes: (value, isEmpty) = (.array(snapshot.recipes.map(RecordEncoder.json)), snapshot.recipes.isEmpty)
        case .logs: (value, isEmpty) = (.array(snapshot.logs.map(RecordEncoder.json)), snapshot.logs.isEmpty)
        case .sessionFiles: (value, isEmpty) = (.array(snapshot.sessionFiles.map(Archive.json)), snapshot.sessionFiles.isEmpty)
        case .preferences: (value, isEmpty) = (snapshot.preferences ?? .null, snapshot.preferences == nil)
        case .erasures: (value, isEmpty) = (.array(snapshot.erasures.map(\.json)), snapshot.erasures.isEmpty)
        case .flows: (value, isEmpty) = (.array(snapshot.flows.map(FlowFile.json)), snapshot.flows.isEmpty)
        case .kitchenRecipes: (value, isEmpty) = (.array(snapshot.kitchenRecipes.map(KitchenRecordEncoder.json)), snapshot.kitchenRecipes.isEmpty)
        case .kitchenFiles: (value, isEmpty) = (.array(snapshot.kitchenFiles.map(Archive.json)), snapshot.kitchenFiles.isEmpty)
        case .kitchenImages: (value, isEmpty) = (.array(snapshot.kitchenImages.map(\.json)), snapshot.kitchenImages.isEmpty)
        }
        return isEmpty && !isAlwaysWritten ? nil : value
    }

    /// The member's files in a fresh data directory (`DataDirectoryWriter`): one layout, paths with `/`.
    func files(of snapshot: DataSnapshot) throws -> [(relativePath: String, bytes: [UInt8])] {
        switch self {
        case .recipes:
            return snapshot.recipes.isEmpty ? [] : [("recipes/recipes.json", CanonicalJSON.bytes(.array(snapshot.recipes.map(RecordEncoder.json))))]
        case .logs:
            return snapshot.logs.isEmpty ? [] : [("logs/logs.json", CanonicalJSON.bytes(.array(snapshot.logs.map(RecordEncoder.json))))]
        case .sessionFiles:
            return try snapshot.sessionFiles.map { ($0.relativePath, try $0.content.bytes()) }
        case .preferences:
            return snapshot.preferences.map { [(DataDirectoryReader.preferencesFileName, CanonicalJSON.bytes($0))] } ?? []
        case .erasures:
            return snapshot.erasures.isEmpty ? [] : [(ErasureLedger.fileName, CanonicalJSON.bytes(ErasureLedger.json(snapshot.erasures)))]
        case .flows:
            return snapshot.flows.map { ("\(FlowFile.folderName)/\($0.logId).json", Array(FlowFile.text($0).utf8)) }
        case .kitchenRecipes:
            return snapshot.kitchenRecipes.isEmpty ? [] : [("kitchen/recipes/kitchen.json", CanonicalJSON.bytes(.array(snapshot.kitchenRecipes.map(KitchenRecordEncoder.json))))]
        case .kitchenFiles:
            return try snapshot.kitchenFiles.map { ($0.relativePath, try $0.content.bytes()) }
        case .kitchenImages:
            return snapshot.kitchenImages.map { ($0.path, $0.bytes) }
        }
    }
}

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
}
