import Foundation

/// Validation across a whole data set: every record's rules, then the rules that
/// span records (one starter, unique and safe ids, references).
public struct DatasetValidator: Sendable {
    /// The day of the run, which bounds the dates the data may hold (`DateBounds`).
    public var today: Date

    public init(today: Date) {
        self.today = today
    }

    /// - Parameter logFindings: what `logFindings(for:knownRecipeIDs:)` finds in `dataset.logs`, when
    ///   the caller kept it from an earlier validation (`watch` checks only the logs of changed files).
    public func diagnostics(for dataset: Dataset, logFindings: [Diagnostic]? = nil) -> [Diagnostic] {
        GiveWay.never { giveWay throws(GaveWay) in try diagnostics(for: dataset, logFindings: logFindings, giveWay: giveWay) }
    }

    /// `diagnostics(for:logFindings:)`, giving way between its rules and every few thousand ids
    /// (`watch`: a rebuild of a large journal gives way to a newer save within milliseconds).
    public func diagnostics(for dataset: Dataset, logFindings: [Diagnostic]?, giveWay: GiveWay) throws(GaveWay) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        diagnostics += starterDiagnostics(dataset)
        diagnostics += SessionValidator().settingsDiagnostics(for: dataset)
        try giveWay.check()
        diagnostics += DateBounds(today: today).diagnostics(for: dataset)
        try giveWay.check()
        // The kinds kept by kind (logs; recipes; sessions and drink presets; bags of beans;
        // the kitchen's recipes and inbox): every shelf's ids and its own rules, the logs' rules
        // as the caller kept them when it did (`watch`'s per-file log chunks).
        let kept = logFindings.map { [BrewLog.shelf.kindName: $0] } ?? [:]
        diagnostics += try dataset.store.findings(in: dataset, kept: kept) { ids, label, namesFiles, source throws(GaveWay) in
            try idDiagnostics(ids, kind: label, namesFiles: namesFiles, giveWay: giveWay, source: source)
        }
        // The logs that name a bag of beans, against the bags there are (none at all included: an
        // empty shelf is not kept, so the bags' rules cannot hold this; and `watch` keeps the
        // logs' own rules per file, which a bag added or gone does not read again), as `watch`'s
        // early pages check it.
        diagnostics += CoffeeBean.logFindings(dataset.logs, beans: dataset.beans)
        try giveWay.check()

        try giveWay.check()
        return diagnostics.sortedByLocation()
    }

    /// Every log's own rules (`BrewLogValidator`), in order, against the ids of the data's recipes.
    /// The logs are most of the records: checked in chunks on all cores.
    public static func logFindings(for logs: ArraySlice<Located<BrewLog>>, knownRecipeIDs: Set<String>) -> [Diagnostic] {
        let chunkStarts = Array(stride(from: logs.startIndex, to: logs.endIndex, by: 2_000))
        return concurrentMap(chunkStarts) { start in
            let validator = BrewLogValidator()
            return logs[start..<min(start + 2_000, logs.endIndex)].flatMap { validator.diagnostics(for: $0, knownRecipeIDs: knownRecipeIDs) }
        }.flatMap { $0 }
    }

    /// Ids must be safe file names and unique, also on a disk that ignores case (errors); an id
    /// that names no file (`namesFiles` false: a kitchen inbox entry's) used twice is a warning.
    private func idDiagnostics(_ ids: [String], kind: String, namesFiles: Bool = true, giveWay: GiveWay, source: (Int) -> SourceMap) throws(GaveWay) -> [Diagnostic] {
        // On all cores, a few milliseconds at a hundred thousand ids: asked before and after.
        try giveWay.check()
        let findings = namesFiles ? Self.idFindings(ids) : Self.repeatedIDs(ids)
        try giveWay.check()
        // Locations are looked up only for findings: there are a hundred thousand ids and few findings.
        return findings.map { index, finding in
            switch finding {
            case .problem(let problem):
                return Diagnostic(.error, "\(kind) \(problem)", at: source(index).location(of: "id"))
            case .sameFile(let first) where !namesFiles:
                // Two records of an id that names no file: both are read and shown, so the site is
                // not held back, but a merge keeps one of them.
                return Diagnostic(.warning, "\(kind) id \(quoted(ids[index])) is already used (first at \(source(first).location(of: "id"))); a merge keeps only one \(kind) of an id: give this one its own", at: source(index).location(of: "id"))
            case .sameFile(let first):
                let how = ids[first] == ids[index] ? "is already used" : "differs only in case from \(quoted(ids[first])), and both would be the same file"
                return Diagnostic(.error, "\(kind) id \(quoted(ids[index])) \(how) (first at \(source(first).location(of: "id")))", at: source(index).location(of: "id"))
            }
        }
    }

    /// What is wrong with an id: it is not a safe file name, or an earlier id (by index) names the same file.
    enum IDFinding: Equatable {
        case problem(String)
        case sameFile(asIndex: Int)
    }

    /// The ids that break `RecordID`'s rules or repeat an earlier id's `RecordID.fileKey`, in the
    /// ids' order. A journal holds a hundred thousand log ids, so the work is done on all cores:
    /// each id's rules in chunks, then the keys in two halves by their last byte (equal keys
    /// end alike, so each half finds its repeats alone), each half in the ids' order.
    static func idFindings(_ ids: [String]) -> [(index: Int, finding: IDFinding)] {
        let chunkSize = 8_192
        let starts = Array(stride(from: 0, to: ids.count, by: chunkSize))
        let checked = concurrentMap(starts) { start in
            var problems: [(index: Int, finding: IDFinding)] = []
            var keys: [String?] = []
            keys.reserveCapacity(chunkSize)
            for index in start..<min(start + chunkSize, ids.count) {
                if let problem = RecordID.problem(with: ids[index]) {
                    problems.append((index, .problem(problem)))
                    keys.append(nil)
                } else {
                    keys.append(RecordID.fileKey(ids[index]))
                }
            }
            return (problems: problems, keys: keys)
        }
        let repeats = concurrentMap([0, 1]) { half in
            var firstByKey: [String: Int] = [:]
            firstByKey.reserveCapacity(ids.count / 2 + 1)
            var found: [(index: Int, finding: IDFinding)] = []
            for (chunk, start) in starts.enumerated() {
                for (offset, key) in checked[chunk].keys.enumerated() {
                    guard let key, Int(key.utf8.last ?? 0) & 1 == half else { continue }
                    if let first = firstByKey[key] {
                        found.append((start + offset, .sameFile(asIndex: first)))
                    } else {
                        firstByKey[key] = start + offset
                    }
                }
            }
            return found
        }
        return (checked.flatMap(\.problems) + repeats.flatMap { $0 }).sorted { $0.index < $1.index }
    }

    /// The ids that repeat an earlier id exactly, in the ids' order: the check of ids that name no file.
    static func repeatedIDs(_ ids: [String]) -> [(index: Int, finding: IDFinding)] {
        var firstByID: [String: Int] = [:]
        var found: [(index: Int, finding: IDFinding)] = []
        for (index, id) in ids.enumerated() {
            if let first = firstByID[id] { found.append((index, .sameFile(asIndex: first))) } else { firstByID[id] = index }
        }
        return found
    }

    /// The message when the data has no recipe at all. The directory reader, which knows the
    /// folder, replaces it with one that points at the folder and says how to start.
    public static let noRecipesMessage = "the data has no recipes; a journal needs the V60 starter recipe (start one with `brewguide init`)"

    /// Exactly one starter recipe (PRD 3.4.1), as PRD 3.5 describes it: the starter is not
    /// editable in place (004), so one edited away from 3.5 is a warning that says to duplicate it.
    private func starterDiagnostics(_ dataset: Dataset) -> [Diagnostic] {
        let starters = dataset.recipes.filter(\.value.isStarter)
        if starters.isEmpty {
            guard let first = dataset.recipes.first else { return [.error(Self.noRecipesMessage, at: .file("recipes"))] }
            return [.error("the data has no starter recipe; exactly one recipe must have isStarter true (the V60 starter)", at: first.source.record)]
        }
        var diagnostics: [Diagnostic] = starters.dropFirst().map { extra in
            .error(
                "there must be exactly one starter recipe; \(quoted(starters[0].value.id)) (at \(starters[0].source.record)) is already the starter",
                at: extra.source.location(of: "isStarter"))
        }
        let starter = starters[0]
        let changed = StarterRecipe.differences(from: starter.value)
        if let field = changed.first {
            diagnostics.append(.warning(
                "the starter recipe differs from PRD 3.5 in \(changed.joined(separator: ", ")); the starter is not edited in place: put it back and make your own version with `brewguide duplicate \(starter.value.id) --name NAME`",
                at: starter.source.location(of: field)))
        }
        return diagnostics
    }
}
