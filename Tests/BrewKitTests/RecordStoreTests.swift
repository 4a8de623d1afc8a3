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
}
