import Foundation
import Testing
import TestSupport
import BrewData
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
}
