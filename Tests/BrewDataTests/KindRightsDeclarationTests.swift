@testable import BrewData
import BrewKit
import Foundation
import Testing

/// What merge and erase take from each kind's declaration (`RecordKindDeclaration`): its merge
/// routine, whether a merge takes one of its records out of the target, what an erase selection
/// of its own takes, and the files its records name. They are protocol requirements without
/// defaults, so a declaration that lacks one does not compile; these tests check that each
/// declaration's answers agree with its rules, for every kind of the registry.
@Suite struct KindRightsDeclarationTests {
    static func fixture() -> DataSnapshot {
        var generator = RightsGenerator(seed: 39)
        return generator.everyKind()
    }

    static func walk(from source: DataSnapshot, into target: DataSnapshot = DataSnapshot()) -> Merger.Walk {
        let erasures = ErasureRecord.normalized(target.erasures + source.erasures)
        var outcome = Merger.Outcome(merged: target)
        outcome.erased = ErasureSet(erasures)
        return Merger.Walk(sources: [source], target: target, policy: .both, allErasures: erasures, outcome: outcome)
    }

    static func entries(_ report: MergeReport) -> [MergeReport.Entry] {
        report.added + report.identical + report.conflicted + report.updated + report.skippedAsErased + report.removedAsErased + report.dropped
    }

    /// Run alone into an empty target, a kind's routine adds its own records and reports no other
    /// kind; a kind merged with its owner or combined first adds nothing to the report by itself.
    @Test(arguments: RecordKinds.kinds)
    func aKindsMergeRoutineMergesItsOwnRecords(_ kind: RecordKind) {
        var walk = Self.walk(from: Self.fixture())
        kind.declaration.merge(&walk)
        let report = walk.outcome.report
        #expect(report.notes.isEmpty, "\(kind.rawValue): \(report.notes)")
        #expect(Self.entries(report).allSatisfy { $0.subject == .record(kind) }, "\(kind.rawValue): \(Self.entries(report))")
        switch kind.rules.merge {
        case .withOwner, .union:
            #expect(Self.entries(report).isEmpty, "\(kind.rawValue)")
        case .appendOnly, .conflictedCopy, .lastWriteWins, .furthestAlong, .targetKeeps:
            #expect(!report.added.isEmpty, "\(kind.rawValue) added nothing")
        }
    }

    /// The walk calls every routine in the registry's order: the recorded pours come with the logs
    /// merged before them, which a walk that forgot a kind or took them in another order would lose.
    @Test func theWalkCallsEveryDeclarationInOrder() {
        let source = Self.fixture()
        let outcome = Merger.merge([source], into: DataSnapshot())
        #expect(outcome.newLogs.map(\.id) == source.logs.map(\.id))
        #expect(outcome.newFlows.map(\.logId) == source.flows.map(\.logId))
        let reported = Set(outcome.report.added.compactMap { if case .record(let kind) = $0.subject { kind } else { nil } })
        let merging = RecordKinds.kinds.filter { kind in
            switch kind.rules.merge {
            case .withOwner, .union: false
            case .appendOnly, .conflictedCopy, .lastWriteWins, .furthestAlong, .targetKeeps: true
            }
        }
        #expect(reported == Set(merging))
    }

    /// With every id erased on a source, a kind erased by id (or with an owner erased by id)
    /// leaves the target's files; a kind erased only with everything, or never, stays; and so does
    /// a kind of the planner's files, which the merge rewrites whole rather than trims.
    @Test(arguments: RecordKinds.kinds)
    func aRecordLeavesTheTargetAsItsEraseRuleSays(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        var erasures: [ErasureRecord] = []
        for other in RecordKinds.kinds {
            guard case .byID(let ledgerKind) = other.rules.erase, let field = other.rules.identity.idField else { continue }
            for record in snapshot.records(other) { if let id = record.text(field) { erasures.append(ErasureRecord(kind: ledgerKind, id: id, erasedAt: Date())) } }
        }
        var outcome = Merger.Outcome(merged: snapshot)
        outcome.erased = ErasureSet(erasures)
        var erasedByID = false
        if case .byID = kind.rules.erase { erasedByID = true }
        if case .withOwner = kind.rules.erase, let owner = kind.rules.identity.owner, case .byID = owner.kind.rules.erase { erasedByID = true }
        if kind.archiveMember == .kitchenFiles, case .file = kind.rules.place { erasedByID = false }
        let records = snapshot.records(kind).filter { !$0.isStarterRecipe }
        try #require(!records.isEmpty)
        for record in records {
            let ownerID: String? = switch kind.rules.identity.owner?.reference {
            case .field(let key)?: record.text(key)
            case .fileName?: record.text(kind.rules.identity.idField ?? "id")
            case nil: nil
            }
            #expect(outcome.removesFromTarget(record, kind: kind, ownerID: ownerID) == erasedByID, "\(kind.rawValue): \(CanonicalJSON.string(record))")
        }
        // Nothing erased, nothing replaced: every record stays.
        let untouched = Merger.Outcome(merged: snapshot)
        for record in records {
            #expect(!untouched.removesFromTarget(record, kind: kind, ownerID: record.text("recipeId") ?? record.text("sessionId") ?? record.text("logId")), "\(kind.rawValue)")
        }
    }

    /// The selections of a kind's own reach only kinds erased with everything: `--plan-before`
    /// the earlier plan slots, `--shopping` the whole shopping list; no selection reaches any other kind.
    @Test func anErasureSelectionOfAKindsOwnReachesOnlyThatKind() {
        let selections: [Eraser.Selection] = [.all, .recipe("x"), .log("x"), .session("x"), .kitchenRecipe("x"), .cookLog("x"), .drinkPreset("x"), .bean("x"),
                                               .logsBefore(Date()), .planBefore("2026-11-25"), .shopping, .kind(.logs)]
        for selection in selections {
            let reached = RecordKinds.all.filter { if case .nothing = $0.erased(by: selection) { false } else { true } }.map { $0.kind }
            switch selection {
            case .planBefore: #expect(reached == [.mealPlanSlots])
            case .shopping: #expect(reached == [.shoppingItems])
            default: #expect(reached.isEmpty, "\(selection): \(reached)")
            }
            for kind in reached {
                if case .withEverything = kind.rules.erase {} else { Issue.record("\(kind.rawValue) is reached by \(selection) but not erased with everything") }
            }
        }
        let before = MealPlanSlotsKind.erased(by: .planBefore("2026-11-25"))
        #expect(before.takes(.object([JSONMember("day", .string("2026-11-24"))])))
        #expect(!before.takes(.object([JSONMember("day", .string("2026-11-25"))])))
        #expect(!before.takes(.object([])))
    }

    /// Only a kitchen recipe names a file (its thumbnail, when it is one in the data directory).
    @Test(arguments: RecordKinds.kinds)
    func theFilesARecordNames(_ kind: RecordKind) {
        let named = Self.fixture().records(kind).flatMap { kind.declaration.namedFiles($0) }
        // A kitchen recipe names its thumbnail, a cook log its photo (`kitchen cooked --photo`).
        let expected: [RecordKind: [String]] = [.kitchenRecipes: ["kitchen/images/soup-every.png"], .cookLogs: ["kitchen/images/cook-every.png"]]
        #expect(named == expected[kind, default: []], "\(kind.rawValue)")
        #expect(KitchenRecipesKind.namedFiles(.object([JSONMember("thumbnail", .string("https://example.com/a.png"))])).isEmpty)
        #expect(CookLogsKind.namedFiles(.object([JSONMember("photo", .string("https://example.com/a.png"))])).isEmpty)
    }
}
