import BrewKit
import Foundation

/// A member of the export archive's `contents` and the files it becomes in a data directory:
/// where each kind of record travels (`RecordKindDeclaration.archiveMember`). A kind that rides
/// in an existing member needs nothing here; a kind with a member of its own adds a case (the
/// switches below are over members, with no `default:`, so the compiler names each).
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

    /// Whether the member is in the archive of `snapshot`: always written, or holding something.
    func isWritten(for snapshot: DataSnapshot) -> Bool {
        isAlwaysWritten || elementCount(in: snapshot) > 0
    }

    /// How many elements the member's JSON holds (records, or files carried whole).
    func elementCount(in snapshot: DataSnapshot) -> Int {
        switch self {
        case .recipes: snapshot.recipes.count
        case .logs: snapshot.logs.count
        case .sessionFiles: snapshot.sessionFiles.count
        case .preferences: snapshot.preferences == nil ? 0 : 1
        case .erasures: snapshot.erasures.count
        case .flows: snapshot.flows.count
        case .kitchenRecipes: snapshot.kitchenRecipes.count
        case .kitchenFiles: snapshot.kitchenFiles.count
        case .kitchenImages: snapshot.kitchenImages.count
        }
    }

    /// Whether the member carries files whole rather than records of one kind: the manifest
    /// counts its files under its own name, beside the records of the kinds it carries.
    var carriesFiles: Bool {
        switch self {
        case .sessionFiles, .kitchenFiles, .kitchenImages: true
        case .recipes, .logs, .preferences, .erasures, .flows, .kitchenRecipes: false
        }
    }

    /// The member's JSON in the archive, or nil when it is left out.
    func json(of snapshot: DataSnapshot) -> JSONValue? {
        guard isWritten(for: snapshot) else { return nil }
        switch self {
        case .recipes: return .array(snapshot.recipes.map(RecordEncoder.json))
        case .logs: return .array(snapshot.logs.map(RecordEncoder.json))
        case .sessionFiles: return .array(snapshot.sessionFiles.map(Archive.json))
        case .preferences: return snapshot.preferences ?? .null
        case .erasures: return .array(snapshot.erasures.map(\.json))
        case .flows: return .array(snapshot.flows.map(FlowFile.json))
        case .kitchenRecipes: return .array(snapshot.kitchenRecipes.map(KitchenRecordEncoder.json))
        case .kitchenFiles: return .array(snapshot.kitchenFiles.map(Archive.json))
        case .kitchenImages: return .array(snapshot.kitchenImages.map(\.json))
        }
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
