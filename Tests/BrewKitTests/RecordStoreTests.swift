import BrewKit
import Foundation
import Testing

/// The data set's store of the kinds kept by kind: a shelf's records keep the order they were
/// read in across files, and a kind put on a shelf is checked by `DatasetValidator` (its ids as
/// every id, then its own rules over the whole data set) with no line of its own there.
@Suite struct RecordStoreTests {
    /// A kind that exists only in this test: a record with an id and a weight that must be above 0.
    struct Jar: Sendable, Equatable {
        var id: String
        var grams: Double
    }

    static let jars = RecordShelf<Jar>(kindName: "jars", idLabel: "jar", id: { $0.id }) { jars, dataset in
        jars.compactMap { jar in
            jar.value.grams > 0 ? nil : .error("grams: expected more than 0, found \(jar.value.grams) (\(dataset.logs.count) logs)", at: jar.source.location(of: "grams"))
        }
    }

    static func located(_ jar: Jar, file: String, line: Int) -> Located<Jar> {
        Located(jar, source: SourceMap(record: SourceLocation(file: file, line: line, column: 1), fields: [:]))
    }

    @Test func joiningStoresKeepsEachShelfInOrder() {
        var first = RecordStore(), second = RecordStore()
        first.append(Self.located(Jar(id: "a", grams: 1), file: "jars/1.json", line: 1), to: Self.jars)
        second.append(Self.located(Jar(id: "b", grams: 2), file: "jars/2.json", line: 1), to: Self.jars)
        second.append(Self.located(Jar(id: "c", grams: 3), file: "jars/2.json", line: 2), to: Self.jars)
        var joined = RecordStore()
        joined.append(contentsOf: first)
        joined.append(contentsOf: second)
        #expect(joined[Self.jars].map(\.value.id) == ["a", "b", "c"])
        #expect(joined.count(ofKindNamed: "jars") == 3)
        #expect(joined.kindNames == ["jars"])
        // The joined stores are values: neither changed.
        #expect(first[Self.jars].map(\.value.id) == ["a"])
        #expect(second[Self.jars].map(\.value.id) == ["b", "c"])
    }

    /// What a page shows of a kind is its records, not where they were read: a record moved down
    /// its file is no change, a changed, added, removed or reordered one is.
    @Test func theKindsChangedAreThoseWhoseRecordsDiffer() {
        var before = RecordStore()
        before.append(Self.located(Jar(id: "a", grams: 1), file: "jars/1.json", line: 1), to: Self.jars)
        before.append(Self.located(Jar(id: "b", grams: 2), file: "jars/1.json", line: 5), to: Self.jars)
        #expect(before.kindsChanged(since: before).isEmpty)
        var moved = RecordStore()
        moved.append(Self.located(Jar(id: "a", grams: 1), file: "jars/1.json", line: 3), to: Self.jars)
        moved.append(Self.located(Jar(id: "b", grams: 2), file: "jars/2.json", line: 9), to: Self.jars)
        #expect(moved.kindsChanged(since: before).isEmpty)
        var edited = before
        edited[Self.jars][1].value.grams = 3
        #expect(edited.kindsChanged(since: before) == ["jars"])
        var reordered = RecordStore()
        reordered[Self.jars] = before[Self.jars].reversed()
        #expect(reordered.kindsChanged(since: before) == ["jars"])
        let labels = RecordShelf<String>(kindName: "labels", idLabel: "label", id: { $0 }) { _, _ in [] }
        var added = before
        added.append(Located("fragile", source: SourceMap(record: SourceLocation(file: "labels.json", line: 1, column: 1), fields: [:])), to: labels)
        #expect(added.kindsChanged(since: before) == ["labels"])
        #expect(before.kindsChanged(since: added) == ["labels"], "a kind gone is a change")
        #expect(RecordStore().kindsChanged(since: before) == ["jars"])
    }

    @Test func anEmptyShelfIsNotKeptAndAnotherTypeReadsEmpty() {
        var store = RecordStore()
        store.append(Self.located(Jar(id: "a", grams: 1), file: "jars/1.json", line: 1), to: Self.jars)
        let sameName = RecordShelf<String>(kindName: "jars", idLabel: "jar", id: { $0 }) { _, _ in [] }
        #expect(store[sameName].isEmpty)
        store[Self.jars] = []
        #expect(store.kindNames.isEmpty)
        #expect(store.count(ofKindNamed: "jars") == 0)
    }

    @Test func aShelfsIDsAndRulesAreCheckedWithTheDataSet() {
        var dataset = Dataset(recipes: [Located(StarterRecipe.recipe(createdAt: .now), source: SourceMap(record: SourceLocation(file: "recipes/v60.json", line: 1, column: 1), fields: [:]))])
        dataset.store.append(Self.located(Jar(id: "kitchen", grams: 500), file: "jars/a.json", line: 2), to: Self.jars)
        dataset.store.append(Self.located(Jar(id: "Kitchen", grams: 0), file: "jars/a.json", line: 7), to: Self.jars)
        dataset.store.append(Self.located(Jar(id: "../up", grams: 1), file: "jars/b.json", line: 1), to: Self.jars)
        let findings = DatasetValidator(today: .now).diagnostics(for: dataset).filter { $0.location.file.hasPrefix("jars/") }
        #expect(findings.map(\.description) == [
            #"jars/a.json:7:1: error: jar id "Kitchen" differs only in case from "kitchen", and both would be the same file (first at jars/a.json:2:1)"#,
            "jars/a.json:7:1: error: grams: expected more than 0, found 0.0 (0 logs)",
            #"jars/b.json:1:1: error: jar id "../up" must start with a letter or digit"#,
        ])
    }

    /// Joining many files' stores at once (`joined`, each shelf copied on all cores) gives what
    /// appending them one after another gives, in the files' order.
    @Test func joiningManyStoresAtOnceIsAppendingThemInOrder() {
        let stores = (0..<40).map { file in
            var store = RecordStore()
            for line in 0..<(file % 7) * 40 {
                store.append(Self.located(Jar(id: "j\(file)-\(line)", grams: 1), file: "jars/\(file).json", line: line + 1), to: Self.jars)
            }
            return store
        }
        var appended = RecordStore()
        for store in stores { appended.append(contentsOf: store) }
        let joined = RecordStore.joined(stores)
        #expect(joined[Self.jars].count > 4_096, "enough records to be copied on all cores")
        #expect(joined[Self.jars].map(\.value.id) == appended[Self.jars].map(\.value.id))
        #expect(joined[Self.jars].map(\.source.record) == appended[Self.jars].map(\.source.record))
        #expect(RecordStore.joined([]).kindNames.isEmpty)
    }

    /// Only the kinds asked about are compared: a changed kind left out is not named.
    @Test func theKindsChangedAreLookedForOnlyAmongThoseAsked() {
        var before = RecordStore()
        before.append(Self.located(Jar(id: "a", grams: 1), file: "jars/1.json", line: 1), to: Self.jars)
        var edited = before
        edited[Self.jars][0].value.grams = 2
        #expect(edited.kindsChanged(since: before, among: { $0 == "jars" }) == ["jars"])
        #expect(edited.kindsChanged(since: before, among: { $0 != "jars" }).isEmpty)
    }

    /// The logs are on the store too: their ids are checked as every kind's, and their own rules
    /// are run unless the caller gives what it kept from an earlier validation (`watch`, per file).
    @Test func theLogsRulesAreTheShelfsUnlessTheCallerKeptThem() throws {
        let recipe = StarterRecipe.recipe(createdAt: .now)
        var dataset = Dataset(recipes: [Located(recipe, source: SourceMap(record: SourceLocation(file: "recipes/v60.json", line: 1, column: 1), fields: [:]))])
        var log = BrewLog(id: "a", timestamp: Date(timeIntervalSince1970: 1_700_000_000), recipeId: recipe.id, recipeNameAtBrew: recipe.name,
                          doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 9)
        let at = { (line: Int) in SourceMap(record: SourceLocation(file: "logs/l.json", line: line, column: 1), fields: [:]) }
        dataset.logs = [Located(log, source: at(1))]
        log.rating = 4
        dataset.logs.append(Located(log, source: at(5)))
        let validator = DatasetValidator(today: Date(timeIntervalSince1970: 1_800_000_000))
        let found = validator.diagnostics(for: dataset).filter { $0.location.file == "logs/l.json" }.map(\.description)
        #expect(found.contains { $0.hasPrefix("logs/l.json:1:1: error: rating") }, "the bad rating, by the shelf's rules: \(found)")
        #expect(found.contains { $0.hasPrefix("logs/l.json:5:1: error: log id \"a\"") }, "the repeated id: \(found)")
        let kept = validator.diagnostics(for: dataset, logFindings: []).filter { $0.location.file == "logs/l.json" }.map(\.description)
        #expect(kept.count == 1 && kept[0].hasPrefix("logs/l.json:5:1: error: log id \"a\""), "the kept (none) in place of the rules: \(kept)")
    }
}
