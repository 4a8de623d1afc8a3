import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

@Suite struct RightsPropertyTests {
    static let seeds: [UInt64] = Array(1...60)

    @Test func exportThenImportGivesTheSameData() throws {
        for seed in Self.seeds {
            var generator = RightsGenerator(seed: seed)
            let snapshot = generator.snapshot()
            let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
            let read = try ArchiveReader.read(bytes)
            #expect(read.recipes == snapshot.recipes && read.logs == snapshot.logs, "seed \(seed)")
            #expect(read.canonical == snapshot.canonical, "seed \(seed)")
            #expect(Archive.bytes(for: read, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0)) == bytes, "seed \(seed)")
        }
    }

    @Test func importedDirectoryReadsBackTheSame() throws {
        for seed in Self.seeds.prefix(15) {
            var generator = RightsGenerator(seed: seed)
            let snapshot = generator.snapshot()
            let folder = TestPaths.temporary("rights").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let bytes = Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
            _ = try Importer.run(archive: bytes, name: "test", into: folder)
            let loaded = try DataSnapshot.load(root: folder)
            #expect(loaded.canonical == snapshot.canonical, "seed \(seed)")
        }
    }

    @Test func mergeIsIdempotent() {
        for seed in Self.seeds {
            var generator = RightsGenerator(seed: seed)
            let target = generator.snapshot()
            let sources = [generator.snapshot(), generator.snapshot()]
            let once = Merger.merge(sources, into: target)
            let twice = Merger.merge(sources, into: once.merged)
            #expect(twice.report.changesNothing, "seed \(seed): \(twice.report.added.lines + twice.report.conflicted.lines)")
            #expect(twice.merged.canonical == once.merged.canonical, "seed \(seed)")
        }
    }

    @Test func mergeNeverLosesARecordThatIsNotErased() {
        for seed in Self.seeds {
            var generator = RightsGenerator(seed: seed)
            var target = generator.snapshot()
            let source = generator.snapshot()
            if generator.bool(), let log = source.logs.first {
                target.erasures.append(ErasureRecord(kind: .log, id: log.id, erasedAt: Date(timeIntervalSince1970: 0)))
            }
            let erased = Set(target.erasures.map(\.key))
            let merged = Merger.merge([source], into: target).merged
            func same(_ a: BrewLog, _ b: BrewLog) -> Bool { var c = a; c.id = b.id; return c == b }
            for log in target.logs + source.logs where !erased.contains("log/\(log.id)") {
                #expect(merged.logs.contains { same(log, $0) }, "seed \(seed): lost log \(log.id)")
            }
            for recipe in target.recipes + source.recipes where !erased.contains("recipe/\(recipe.id)") {
                let copy = Merger.conflictedCopy(of: recipe)
                #expect(merged.recipes.contains { $0 == recipe || $0 == copy }, "seed \(seed): lost recipe \(recipe.id)")
            }
            // Sessions are one per id with the union of their entries (last write wins per entry).
            func entryIDs(_ session: SessionRecord) -> Set<String> {
                guard case .array(let list)? = session.value["entries"] else { return [] }
                return Set(list.compactMap { $0["id"]?.stringValue })
            }
            let mergedEntryIDs = Dictionary(merged.sessions.map { ($0.id, entryIDs($0)) }) { a, _ in a }
            for session in target.sessions + source.sessions {
                let kept = mergedEntryIDs[session.id]
                #expect(kept != nil, "seed \(seed): lost session \(session.id)")
                #expect(entryIDs(session).isSubset(of: kept ?? []), "seed \(seed): lost an entry of session \(session.id)")
            }
        }
    }

    @Test func eraseThenMergeOfThePreErasureCopyRestoresNothing() throws {
        for seed in Self.seeds.prefix(20) {
            var generator = RightsGenerator(seed: seed)
            let snapshot = generator.snapshot()
            let folder = TestPaths.temporary("rights").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            _ = try Importer.run(archive: Archive.bytes(for: snapshot, toolVersion: "t", createdAt: Date()), name: "t", into: folder)
            let selection: Eraser.Selection = generator.pick([.all, .kind(.logs), .kind(.recipes), .kind(.sessions), .kind(.drinkPresets)])
            let plan = try Eraser.plan(root: folder, selection: selection)
            try Eraser.apply(plan, root: folder)
            let afterErase = try DataSnapshot.load(root: folder)
            let outcome = Merger.merge([snapshot], into: afterErase)
            try Merger.apply(outcome, target: afterErase, root: folder)
            let merged = try DataSnapshot.load(root: folder)
            let erasedIDs = Set(plan.erasures.map(\.key))
            for key in erasedIDs {
                let present = merged.recipes.map { "recipe/\($0.id)" } + merged.logs.map { "log/\($0.id)" } + merged.sessions.map { "session/\($0.id)" }
                    + merged.drinkPresets.map { "drinkPreset/\($0.id)" }
                #expect(!present.contains(key), "seed \(seed): \(key) came back")
            }
            #expect(outcome.report.added.lines.isEmpty && outcome.report.conflicted.lines.isEmpty, "seed \(seed): \(outcome.report.added.lines)")
            #expect(merged.canonical == afterErase.canonical, "seed \(seed)")
        }
    }
}
