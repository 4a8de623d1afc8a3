import Testing
@testable import brewbench

struct JournalShapeTests {
    @Test func moreRecipesKeepTheNamedOnesAndAddNumberedOnes() {
        let standard = SyntheticJournal(logCount: 300, seed: 7)
        let wider = SyntheticJournal(logCount: 300, seed: 7, recipeCount: 50)
        #expect(standard.recipes.count == 12)
        #expect(wider.recipes.count == 50)
        #expect(Array(wider.recipes.prefix(12).map(\.id)) == standard.recipes.map(\.id))
        #expect(wider.recipes.last?.id == "custom-50")
        #expect(Set(wider.recipes.map(\.id)).count == 50)
    }

    @Test func logsInFilesOfAFixedSizeHoldEveryLogOnceInOrder() {
        let journal = SyntheticJournal(logCount: 2_500, seed: 1)
        let byMonth = DataDirectoryLayout(format: .json).files(for: journal).filter { $0.path.hasPrefix("logs/") }
        let inParts = DataDirectoryLayout(format: .json, logsPerFile: 1_000).files(for: journal).filter { $0.path.hasPrefix("logs/") }
        #expect(inParts.map(\.path) == ["logs/part-0001.json", "logs/part-0002.json", "logs/part-0003.json"])
        #expect(journal.logsInParts(of: 1_000).map(\.logs.count) == [1_000, 1_000, 500])
        #expect(journal.logsInParts(of: 1_000).flatMap(\.logs).map(\.id) == journal.logs.map(\.id))
        #expect(byMonth.count > 3)
    }

    @Test func theStandardShapeNamesTheCachedFolderAsBefore() {
        #expect(WorkFolders.dataFolder(under: "w", logs: 10_000, format: .json) == "w/data-10000")
        #expect(WorkFolders.dataFolder(under: "w", logs: 10_000, format: .json, shape: JournalShape(recipeCount: 50, logsPerFile: 1_000)) == "w/data-10000-r50-f1000")
    }
}
