import BrewKit

/// What `check` (and every read of the data) says about a record still in its file whose id the
/// erasure ledger holds: an erase that wrote `erasures.json` but stopped before it rewrote the
/// record's file (a full disk), or a record given an erased id by an older version (which the next
/// merge of an older copy would remove as "erased on a source"). Either way the record must not
/// stay as it is, so it is an error at the record, naming the command that finishes the erase.
public enum ErasedRecordsLeft {
    public static func findings(in dataset: Dataset, ledger: [ErasureRecord], root: String) -> [Diagnostic] {
        var finder = Finder(ledger: ledger, root: root)
        guard !finder.isEmpty else { return [] }
        for recipe in dataset.recipes where !recipe.value.isStarter { finder.look(.recipe, recipe.value.id, option: "--recipe", at: recipe.source.record) }
        for log in dataset.logs { finder.look(.log, log.value.id, option: "--log", at: log.source.record) }
        for session in dataset.sessions { finder.look(.session, session.value.id, option: "--session", at: session.source.record) }
        for preset in dataset.drinkPresets { finder.look(.drinkPreset, preset.value.id, option: "--preset", at: preset.source.record) }
        for recipe in dataset.kitchenRecipes { finder.look(.kitchenRecipe, recipe.value.id, option: "--kitchen-recipe", at: recipe.source.record) }
        return finder.findings
    }

    /// The same for the cook logs of `kitchen/cooked.json`, which the planner's reader reads
    /// (`MealPlanContext`), not the data set.
    public static func findings(cookLogs: [Located<CookLog>], ledger: [ErasureRecord], root: String) -> [Diagnostic] {
        var finder = Finder(ledger: ledger, root: root)
        guard !finder.isEmpty else { return [] }
        for log in cookLogs { finder.look(.cookLog, log.value.id, option: "--cooked", at: log.source.record) }
        return finder.findings
    }

    /// The lasting (not timed) erasures of a ledger, and what was found against them.
    struct Finder {
        let erased: ErasureSet
        let isEmpty: Bool
        let root: String
        var findings: [Diagnostic] = []

        init(ledger: [ErasureRecord], root: String) {
            let lasting = ledger.filter { !$0.kind.isTimed }
            erased = ErasureSet(lasting)
            isEmpty = lasting.isEmpty
            self.root = root
        }

        mutating func look(_ kind: ErasureRecord.Kind, _ id: String, option: String, at location: SourceLocation) {
            guard erased.covers(kind, id) else { return }
            findings.append(.error(
                "\(kind.rawValue) \"\(id)\" is in the erasure ledger (\(ErasureLedger.fileName)) but still in this file: an erase stopped before it rewrote it; "
                + "finish it with: brewguide erase --data \(root) \(option) \(id) --yes (if this is a record made after the erase under the same id, give it an id of its own instead: the next merge of an older copy would remove it)",
                at: location))
        }
    }
}
