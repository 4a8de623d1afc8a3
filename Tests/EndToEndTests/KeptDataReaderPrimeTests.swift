import Foundation
import Testing
import TestSupport
import BrewData
import BrewSite
@testable import brewguide

/// `serve` reads the journal once when it starts, so the first save from the phone reads only the
/// files that changed since, as every later save does (the slow first save of a large journal).
struct KeptDataReaderPrimeTests {
    static func copyOfTheTestJournal() throws -> String {
        let copy = TestPaths.temporary("kept-reader").path
        try FileManager.default.copyItem(atPath: TestPaths.journal.path, toPath: copy)
        return copy
    }

    @Test func aPrimedReaderReadsOnlyTheFileASaveChanged() throws {
        let data = try Self.copyOfTheTestJournal()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let reader = KeptDataReader(root: data)
        reader.prime()
        let everyFile = reader.pathsReadLastTime
        #expect(everyFile.count > 3)
        let month = try #require(everyFile.first { $0.hasSuffix(".json") && $0.contains("/logs/") })
        try (String(contentsOfFile: month, encoding: .utf8) + "\n").write(toFile: month, atomically: true, encoding: .utf8)
        let afterASave = reader.read()
        #expect(reader.pathsReadLastTime == [month])
        #expect(afterASave.validated.dataset.logs.map(\.value.id) == DataDirectoryReader(root: data).read().validated.dataset.logs.map(\.value.id))
    }

    @Test func aReaderThatWasNotPrimedReadsTheWholeJournalOnItsFirstRead() throws {
        let data = try Self.copyOfTheTestJournal()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let reader = KeptDataReader(root: data)
        _ = reader.read()
        #expect(reader.pathsReadLastTime.count > 3)
    }

    /// Issue 46: `serve` reads the journal once when it starts. Its first build hands its read to
    /// the saves' reader, which then reads no file again (and none whole), and the first save
    /// from the phone, made with it, is recorded as `log` records it.
    @Test func aReaderHandedTheFirstBuildsReadReadsNothingAgainAndTheFirstSaveIsRecorded() throws {
        let data = try Self.copyOfTheTestJournal()
        let output = TestPaths.temporary("kept-reader-site").path
        defer { try? FileManager.default.removeItem(atPath: data); try? FileManager.default.removeItem(atPath: output) }
        let build = JournalBuild(data: data, site: try SiteOptions.parse(["--output", output, "--quiet"]))
        let journal = JournalSite(settings: build.settings)
        #expect(journal.build(full: true).succeeded)
        let reader = KeptDataReader(root: data)
        reader.adopt(journal.lastRead)
        let logsBefore = DataDirectoryReader(root: data).read().validated.dataset.logs.count
        let recipe = try #require(DataDirectoryReader(root: data).read().validated.dataset.recipes.first?.value.id)
        let outcome = ServedLogWrite.outcome(of: ["recipe": recipe, "rating": "4"], root: data, from: nil, reader: reader)
        guard case .created = outcome else { Issue.record("the first save was not recorded: \(outcome)"); return }
        #expect(reader.pathsReadLastTime.isEmpty, "the save read no file again: \(reader.pathsReadLastTime)")
        #expect(reader.wholeReads == 0, "the journal was not read whole a second time")
        #expect(DataDirectoryReader(root: data).read().validated.dataset.logs.count == logsBefore + 1)
        // The next save reads again only what the first one wrote.
        _ = reader.read()
        #expect(!reader.pathsReadLastTime.isEmpty && reader.pathsReadLastTime.count <= 2, "\(reader.pathsReadLastTime)")
        #expect(reader.wholeReads == 0)
    }

    @Test func aReaderThatHasReadKeepsItsOwnRead() throws {
        let data = try Self.copyOfTheTestJournal()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let reader = KeptDataReader(root: data)
        _ = reader.read()
        #expect(reader.wholeReads == 1)
        reader.adopt(IncrementalDataReader(root: data))
        _ = reader.read()
        #expect(reader.pathsReadLastTime.isEmpty, "a handed read that comes late replaces nothing")
    }
}
