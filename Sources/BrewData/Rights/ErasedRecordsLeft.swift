import BrewKit

/// What `check` (and every read of the data) says about a record still in its file whose id the
/// erasure ledger holds: an erase that wrote `erasures.json` but stopped before it rewrote the
/// record's file (a full disk), or a record given an erased id by an older version (which the next
/// merge of an older copy would remove as "erased on a source"). Either way the record must not
/// stay as it is, so it is an error at the record, naming the command that finishes the erase.
public enum ErasedRecordsLeft {
    public static func findings(in dataset: Dataset, ledger: [ErasureRecord], root: String) -> [Diagnostic] {
        let lasting = ledger.filter { !$0.kind.isTimed }
        guard !lasting.isEmpty else { return [] }
        let erased = ErasureSet(lasting)
        var findings: [Diagnostic] = []
        func look(_ kind: ErasureRecord.Kind, _ id: String, option: String, at location: SourceLocation) {
            guard erased.covers(kind, id) else { return }
            findings.append(.error(
                "\(kind.rawValue) \"\(id)\" is in the erasure ledger (\(ErasureLedger.fileName)) but still in this file: an erase stopped before it rewrote it; "
                + "finish it with: brewguide erase --data \(root) \(option) \(id) --yes (if this is a record made after the erase under the same id, give it an id of its own instead: the next merge of an older copy would remove it)",
                at: location))
        }
        for recipe in dataset.recipes where !recipe.value.isStarter { look(.recipe, recipe.value.id, option: "--recipe", at: recipe.source.record) }
        for log in dataset.logs { look(.log, log.value.id, option: "--log", at: log.source.record) }
        for session in dataset.sessions { look(.session, session.value.id, option: "--session", at: session.source.record) }
        for recipe in dataset.kitchenRecipes { look(.kitchenRecipe, recipe.value.id, option: "--kitchen-recipe", at: recipe.source.record) }
        return findings
    }
}
