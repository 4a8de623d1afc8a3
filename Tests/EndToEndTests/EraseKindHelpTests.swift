@testable import brewguide
import BrewData
import Foundation
import Testing

/// `erase --kind`'s help and its check list the kinds from the registry: every registered kind
/// erased by id, and nothing else (the help once named four of the five).
@Suite struct EraseKindHelpTests {
    @Test func theHelpNamesEveryKindErasedByID() throws {
        let help = EraseCommand.helpMessage(columns: 400)
        let expected = RecordKinds.kinds.filter { kind in if case .byID = kind.rules.erase { true } else { false } }.map(\.rawValue)
        #expect(expected.contains("kitchenRecipes"))
        for name in expected { #expect(help.contains(name), "the help of --kind does not name \(name)") }
        #expect(help.contains("Every record of a kind: recipes, logs, sessions, drinkPresets, kitchenRecipes, cookLogs or beans"))
        #expect(EraseCommand.erasableKinds.map(\.rawValue) == expected)
    }

    @Test func aKindNotErasedByIDIsRefused() throws {
        #expect(throws: (any Error).self) { _ = try EraseCommand.parse(["--kind", "flows"]) }
        #expect(throws: Never.self) { _ = try EraseCommand.parse(["--kind", "kitchenRecipes"]) }
    }
}
