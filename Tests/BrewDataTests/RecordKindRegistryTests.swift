@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The registry of kinds (`RecordKinds.all`) is the one list the walks take: it names each
/// `RecordKind` once, in the order the walks have always taken (so files keep their bytes), each
/// declaration answers for its own kind, and the fast log reader knows the fields the log kind
/// declares.
@Suite struct RecordKindRegistryTests {
    @Test func theRegistryNamesEveryKindOnceInOrder() {
        #expect(Set(RecordKinds.kinds.map(\.rawValue)).count == RecordKinds.kinds.count, "two declarations name one kind")
        #expect(RecordKinds.kinds.map(\.rawValue) == [
            "recipes", "recipeSteps", "logs", "sessions", "sessionEntries", "drinkPresets", "preferences", "erasures", "flows",
            "kitchenRecipes", "kitchenIngredients", "kitchenSteps", "mealPlanSlots", "kitchenInbox", "snackPresets",
            "shoppingItems", "cookLogs", "beans",
        ])
        #expect(Set(RecordKinds.all.map { ObjectIdentifier($0) }).count == RecordKinds.all.count)
        for kind in RecordKind.allCases {
            #expect(kind.declaration.kind == kind, "\(kind.rawValue)")
        }
    }

    /// A declaration left out of the registry is read by nothing, in silence: every type of
    /// BrewData's sources that declares a kind (`enum … : RecordKindDeclaration`, or
    /// `RecordFolderDecoding`, directly or in an extension) is in `RecordKinds.all`, named here.
    @Test func everyDeclarationInTheSourcesIsRegistered() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources/BrewData")
        let declaring = try Regex(#"(?:enum|struct|class|extension)\s+(\w+)\s*:\s*[^{]*\b(?:RecordKindDeclaration|RecordFolderDecoding)\b"#)
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaring) {
                if let name = match.output[1].substring, name != "RecordFolderDecoding" { declared.insert(String(name)) }
            }
        }
        let registered = Set(RecordKinds.all.map { String(describing: $0) })
        #expect(declared.count >= 18, "the sources were found: \(declared.sorted())")
        #expect(declared.subtracting(registered).isEmpty,
                "declared but not in RecordKinds.all: \(declared.subtracting(registered).sorted().joined(separator: ", "))")
        #expect(registered.subtracting(declared).isEmpty, "registered but not found declared: \(registered.subtracting(declared).sorted())")
    }

    /// A kind that lives in another's folder or belongs to another names a registered kind, and
    /// the owner of its folder claims it by header or keys.
    @Test(arguments: RecordKinds.kinds)
    func aKindsOwnerAndPlaceAreRegistered(_ kind: RecordKind) {
        if case .within(let owner) = kind.rules.place {
            #expect(RecordKinds.kinds.contains(owner))
            if case .folder = owner.rules.place {} else { Issue.record("\(kind.rawValue) lives within \(owner.rawValue), which owns no folder") }
        }
        if let owner = kind.rules.identity.owner { #expect(RecordKinds.kinds.contains(owner.kind)) }
        #expect(!kind.rules.summary.isEmpty)
        #expect(!kind.mergeLabel.isEmpty)
    }

    /// The kinds `erase --kind` takes come from the registry: every kind erased by id.
    @Test func theKindsErasedByIDAreThoseOfTheRegistry() {
        let byID = RecordKinds.kinds.filter { kind in if case .byID = kind.rules.erase { true } else { false } }
        #expect(byID == [.recipes, .logs, .sessions, .drinkPresets, .kitchenRecipes, .cookLogs, .beans])
    }

    /// The ledger's kinds are those the kinds declare in their erase rules (and the session
    /// entry's, which `session delete` records): each name once, read back from the ledger as
    /// itself, timed exactly for the records whose ids the commands make again.
    @Test func theLedgersKindsAreThoseTheKindsDeclare() throws {
        let kinds = ErasureRecord.Kind.allCases
        #expect(Set(kinds.map(\.rawValue)).count == kinds.count)
        #expect(Set(kinds.map(\.rawValue)) == ["recipe", "log", "session", "preferences", "drinkPreset", "kitchen-recipe", "plan-slot",
                                              "shopping-item", "snack-preset", "inbox-entry", "session-entry", "cook-log", "bean"])
        #expect(kinds.filter(\.isTimed).map(\.rawValue).sorted() == ["inbox-entry", "plan-slot", "session-entry", "shopping-item", "snack-preset"])
        for kind in kinds {
            #expect(ErasureRecord.Kind(rawValue: kind.rawValue) == kind)
            let record = ErasureRecord(kind: kind, id: kind.isTimed ? "2026-10-01-dinner" : "x-1", erasedAt: Date(timeIntervalSince1970: 0))
            let read = try ErasureRecord(json: record.json, context: "test")
            #expect(read.kind == kind && read.kind.isTimed == kind.isTimed, "\(kind)")
        }
        #expect(ErasureRecord.Kind(rawValue: "beans") == nil)
    }
}

/// The bytes reader of log files names the log's fields in code (a key is matched by its bytes);
/// the log kind's declaration is the list. A field added to the declaration and not to the bytes
/// reader (or the other way round) fails here, rather than sending every file with it down the
/// slow path in silence.
@Suite struct LogFieldListTests {
    @Test func theBytesReaderKnowsTheFieldsTheLogKindDeclares() {
        #expect(BrewLogBytesDecoder.fields.map(\.name) == LogsKind.fields)
        #expect(BrewLogDecoder.fields == Set(LogsKind.fields))
        #expect(CSVExport.logColumns == LogsKind.fields)
    }

    @Test(arguments: LogsKind.fields)
    func eachDeclaredFieldIsMatchedByItsBytes(_ name: String) {
        let bytes = Array(name.utf8)
        let field = bytes.withUnsafeBufferPointer { BrewLogBytesDecoder.field(named: $0) }
        #expect(field?.name == name)
        #expect(field?.isRequired == LogsKind.requiredFields.contains(name), "\(name)")
    }
}
