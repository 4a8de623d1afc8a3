import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A session entry deleted on one copy (`session-entry` in the erasure ledger) is gone from the
/// merge whichever side deleted it, unless a copy of it was changed after the deletion; merging
/// again changes nothing. Generated data sets (`RightsGenerator`).
@Suite struct EntryDeletionMergeTests {
    static func entryIDs(_ snapshot: DataSnapshot, session id: String) -> Set<String> {
        guard let session = snapshot.sessions.first(where: { $0.id == id }), case .array(let entries)? = session.value["entries"] else { return [] }
        return Set(entries.compactMap { $0["id"]?.stringValue })
    }

    @Test func aDeletionOnEitherSideHolds() {
        let deletedAt = Date(timeIntervalSince1970: 1_900_000_000)
        var checked = 0
        for seed in UInt64(1)...60 {
            var generator = RightsGenerator(seed: seed)
            let target = generator.snapshot()
            var source = generator.snapshot()
            guard let session = source.sessions.first(where: { !Self.entryIDs(source, session: $0.id).isEmpty }),
                  let entryID = Self.entryIDs(source, session: session.id).sorted().first else { continue }
            checked += 1
            let deletion = ErasureRecord(kind: .sessionEntry, id: EntryDeletions.id(session: session.id, entry: entryID), erasedAt: deletedAt)
            // Deleted on the source: the target loses its copy too.
            source.erasures.append(deletion)
            let once = Merger.merge([source], into: target)
            #expect(!Self.entryIDs(once.merged, session: session.id).contains(entryID), "seed \(seed)")
            #expect(Self.entryIDs(once.merged, session: session.id).isSuperset(of: Self.entryIDs(source, session: session.id).subtracting([entryID])), "seed \(seed)")
            let twice = Merger.merge([source], into: once.merged)
            #expect(twice.report.changesNothing, "seed \(seed): \(twice.report.updated.lines)")
            // Deleted on the target: the source's copy is not brought in.
            var deletedHere = target
            deletedHere.erasures.append(deletion)
            source.erasures.removeAll { $0 == deletion }
            #expect(!Self.entryIDs(Merger.merge([source], into: deletedHere).merged, session: session.id).contains(entryID), "seed \(seed)")
        }
        #expect(checked > 20)
    }

    /// The last write wins: an entry changed after its deletion on the other copy stays.
    @Test func anEntryChangedAfterTheDeletionStays() throws {
        let edited = #"[{ "id": "s1", "startTime": "2026-11-21T16:00:00Z", "endTime": "2026-11-21T20:00:00Z", "isActive": false, "entries": [{ "id": "e1", "timestamp": "2026-11-21T17:00:00Z", "type": "water", "updatedAt": "2026-11-22T10:00:00Z" }] }]"#
        let plain = #"[{ "id": "s1", "startTime": "2026-11-21T16:00:00Z", "endTime": "2026-11-21T20:00:00Z", "isActive": false, "entries": [{ "id": "e1", "timestamp": "2026-11-21T17:00:00Z", "type": "water" }] }]"#
        func snapshot(_ text: String, erasures: [ErasureRecord] = []) throws -> DataSnapshot {
            DataSnapshot(sessionFiles: [SessionFile(relativePath: "sessions/s.json", content: .json(JSONValue(try JSONParser.parse(Array(text.utf8), file: "s.json"))))], erasures: erasures)
        }
        let deletion = ErasureRecord(kind: .sessionEntry, id: "s1/e1", erasedAt: try #require(ISO8601.date(from: "2026-11-22T09:00:00Z")))
        let target = try snapshot(#"[{ "id": "s1", "startTime": "2026-11-21T16:00:00Z", "endTime": "2026-11-21T20:00:00Z", "isActive": false, "entries": [] }]"#, erasures: [deletion])
        #expect(Self.entryIDs(Merger.merge([try snapshot(edited)], into: target).merged, session: "s1") == ["e1"])
        #expect(Self.entryIDs(Merger.merge([try snapshot(plain)], into: target).merged, session: "s1").isEmpty)
    }
}
