import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// For every registered kind (`RecordKinds.all`), a data set holding a record of that kind goes through each rights
/// command and the record is still there (or, for erase, gone): the JSON export read back, the
/// CSV export, import, merge into an empty journal, and `erase --all`. A kind a command forgets
/// fails here (the CSV export once counted the kitchen recipes and wrote none, issue 27).
@Suite struct EveryKindIsCarriedTests {
    static func temporary(_ name: String) -> String {
        TestPaths.temporary("every-kind-\(name)").path
    }

    /// The records as canonical JSON (key order aside), sorted.
    static func canonical(_ records: [JSONValue]) -> [String] { records.map { CanonicalJSON.string($0) }.sorted() }

    static func fixture() -> DataSnapshot {
        var generator = RightsGenerator(seed: 27)
        return generator.everyKind()
    }

    @Test func theFixtureHoldsEveryKind() {
        let snapshot = Self.fixture()
        for kind in RecordKinds.kinds {
            #expect(!snapshot.records(kind).isEmpty, "the fixture has no \(kind.rawValue)")
        }
    }

    @Test(arguments: RecordKinds.kinds)
    func theJSONExportCarriesIt(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        let read = try ArchiveReader.read(bytes)
        #expect(Self.canonical(read.records(kind)) == Self.canonical(snapshot.records(kind)), "\(kind.rawValue)")
        #expect(!read.ids(kind).isEmpty)
    }

    /// The manifest's counts are walked from the kinds: each counted kind by its name, with as
    /// many as the snapshot holds, and `count(_:)` agrees with `records(_:)` for every kind.
    @Test(arguments: RecordKinds.kinds)
    func theManifestCountsIt(_ kind: RecordKind) {
        let snapshot = Self.fixture()
        #expect(snapshot.count(kind) == snapshot.records(kind).count, "\(kind.rawValue)")
        let counts = Archive.counts(of: snapshot)
        let named = counts.filter { $0.kind == kind.rawValue }.map(\.count)
        #expect(named == (kind.isCountedInManifest ? [snapshot.records(kind).count] : []), "\(kind.rawValue): \(counts)")
        #expect(Set(counts.map(\.kind)).count == counts.count, "no name twice")
    }

    @Test(arguments: RecordKinds.kinds)
    func theCSVExportCarriesIt(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        let files = try CSVExport.files(for: snapshot)
        let tables = files.filter { $0.name.hasSuffix(".csv") }.map { String(decoding: $0.bytes, as: UTF8.self) }
        let readme = String(decoding: try #require(files.first { $0.name == "README.md" }).bytes, as: UTF8.self)
        // Each record's id in a table (the preferences: each key), and the README names its table.
        let texts = kind == .preferences ? (snapshot.preferences?.members ?? []).map(\.key) : snapshot.ids(kind)
        try #require(!texts.isEmpty)
        for text in texts {
            #expect(tables.contains { $0.contains(text) }, "\(kind.rawValue) \(text) is in no table of the CSV export")
        }
        let named = files.filter { file in file.name.hasSuffix(".csv") && texts.allSatisfy { String(decoding: file.bytes, as: UTF8.self).contains($0) } }
        #expect(named.contains { readme.contains("`\($0.name)`") }, "the README names no table holding the \(kind.rawValue)")
    }

    @Test(arguments: RecordKinds.kinds)
    func importCarriesIt(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        let root = Self.temporary("import")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        _ = try Importer.run(archive: bytes, name: "archive", into: root)
        let back = try DataSnapshot.load(root: root)
        #expect(Self.canonical(back.records(kind)) == Self.canonical(snapshot.records(kind)), "\(kind.rawValue)")
    }

    @Test(arguments: RecordKinds.kinds)
    func mergeCarriesIt(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        let source = Self.temporary("merge-source")
        let target = Self.temporary("merge-target")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: target)
        }
        try DataDirectoryWriter.write(snapshot, into: source)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let empty = try DataSnapshot.load(root: target)
        let outcome = Merger.merge([try DataSnapshot.load(root: source)], into: empty)
        try MergeWriter.apply(outcome, target: empty, root: target)
        let merged = try DataSnapshot.load(root: target)
        #expect(merged.ids(kind).sorted() == snapshot.ids(kind).sorted(), "\(kind.rawValue)")
        #expect(Self.canonical(merged.records(kind)) == Self.canonical(snapshot.records(kind)), "\(kind.rawValue)")
    }

    @Test(arguments: RecordKinds.kinds)
    func eraseAllTakesItUnlessItIsTheLedger(_ kind: RecordKind) throws {
        let snapshot = Self.fixture()
        let root = Self.temporary("erase")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try DataDirectoryWriter.write(snapshot, into: root)
        try Eraser.apply(try Eraser.plan(root: root, selection: .all), root: root)
        let after = try DataSnapshot.load(root: root)
        if kind.rules.erase == .never {
            #expect(Set(snapshot.ids(kind)).isSubset(of: Set(after.ids(kind))), "the ledger keeps its records")
        } else {
            // Every record of the fixture but the starter recipe (and its steps) names "-every".
            let left = after.records(kind).map { CanonicalJSON.string($0) }.filter { $0.contains("-every") }
            #expect(left.isEmpty, "erase --all left \(kind.rawValue): \(left)")
            #expect(after.records(kind).count < snapshot.records(kind).count, "erase --all took no \(kind.rawValue)")
        }
    }

    /// The thumbnail files the kitchen recipes name, and the photos the cook logs name, travel
    /// with them (they are not a kind of record but a record's file).
    @Test func thumbnailFilesTravelWithTheirRecipes() throws {
        let snapshot = Self.fixture()
        try #require(!snapshot.kitchenImages.isEmpty)
        try #require(snapshot.kitchenImages.contains { $0.path == "kitchen/images/cook-every.png" }, "a cook log's photo")
        let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
        #expect(try ArchiveReader.read(bytes).kitchenImages == snapshot.kitchenImages)
        let csv = try CSVExport.files(for: snapshot)
        for image in snapshot.kitchenImages { #expect(csv.contains { $0.name == image.path && $0.bytes == image.bytes }) }
        let root = Self.temporary("images")
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Importer.run(archive: bytes, name: "archive", into: root)
        #expect(try DataSnapshot.load(root: root).kitchenImages == snapshot.kitchenImages)
        try Eraser.apply(try Eraser.plan(root: root, selection: .all), root: root)
        #expect(try DataSnapshot.load(root: root).kitchenImages.isEmpty)
    }
}
