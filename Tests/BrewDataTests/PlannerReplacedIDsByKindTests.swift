@testable import BrewData
import BrewKit
import Foundation
import Testing

/// A merge keeps the ids it replaces in a target's folder of planner records one set per kind:
/// a record of one kind replaced never takes another kind's record of the same id out of the
/// target (one set for every planner folder kind let a bag of beans and a plan slot of one id
/// take each other out).
@Suite struct PlannerReplacedIDsByKindTests {
    static func file(_ kind: RecordKind, _ members: [JSONMember]) -> SessionFile {
        SessionFile(relativePath: "\(kind.folderName)/one.json", content: .json(.array([.object(members)])))
    }

    @Test(arguments: KitchenPlannerFiles.kinds.filter { if case .folder = $0.rules.place { true } else { false } })
    func aReplacedRecordIsReplacedOnlyInItsKind(_ kind: RecordKind) {
        let stamp = if case .lastWriteWins(let field) = kind.rules.merge { field } else { "updatedAt" }
        var target = DataSnapshot()
        target.kitchenFiles = [Self.file(kind, [JSONMember("id", .string("a")), JSONMember("note", .string("old")), JSONMember(stamp, .string("2026-11-20T10:00:00Z"))])]
        var source = DataSnapshot()
        source.kitchenFiles = [Self.file(kind, [JSONMember("id", .string("a")), JSONMember("note", .string("new")), JSONMember(stamp, .string("2026-11-21T10:00:00Z"))])]
        let outcome = Merger.merge([source], into: target)
        #expect(outcome.planner.replacedIDs == [kind: ["a"]], "\(kind.rawValue)")
        #expect(outcome.planner.replaces("a", of: kind))
        let same = JSONValue.object([JSONMember("id", .string("a"))])
        #expect(outcome.removesFromTarget(same, kind: kind, ownerID: nil), "\(kind.rawValue)")
        for other in KitchenPlannerFiles.kinds where other != kind {
            #expect(!outcome.planner.replaces("a", of: other), "\(other.rawValue)")
            #expect(!outcome.removesFromTarget(same, kind: other, ownerID: nil), "\(other.rawValue) loses \"a\" to a \(kind.rawValue) merge")
        }
    }
}
