import Testing
@testable import brewbench

struct SyntheticJournalTests {
    @Test(arguments: [DataFormat.json, .csv])
    func theSameSeedGivesTheSameFiles(format: DataFormat) {
        let layout = DataDirectoryLayout(format: format)
        let first = layout.files(for: SyntheticJournal(logCount: 500, seed: 3))
        let second = layout.files(for: SyntheticJournal(logCount: 500, seed: 3))
        let other = layout.files(for: SyntheticJournal(logCount: 500, seed: 4))
        #expect(first.map(\.path) == second.map(\.path))
        #expect(first.map(\.text) == second.map(\.text))
        #expect(first.map(\.text) != other.map(\.text))
    }

    @Test func logsAreUniqueOrderedAndAboutTenADay() {
        let journal = SyntheticJournal(logCount: 2_000, seed: 1)
        #expect(journal.logs.count == 2_000)
        #expect(Set(journal.logs.map(\.id)).count == 2_000)
        #expect(zip(journal.logs, journal.logs.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        let days = Set(journal.logs.map(\.timestamp.dayNumber)).count
        #expect((170...230).contains(days))
        #expect(journal.logs.last?.timestamp.dayNumber == SyntheticJournal.lastDay.dayNumber)
        #expect(journal.sessions.count == 20)
    }

    @Test func logsAreValidAndVaried() {
        let journal = SyntheticJournal(logCount: 3_000, seed: 2)
        let recipeIDs = Set(journal.recipes.map(\.id))
        for log in journal.logs {
            #expect((1...5).contains(log.rating))
            #expect(log.note.map { $0.count <= NoteWriter.maximumCharacters } ?? true)
            #expect(log.recipeId.map(recipeIDs.contains) ?? true)
            #expect(log.doseGrams > 0 && log.targetYieldGrams > 0 && log.waterTemperatureCelsius <= 100)
        }
        let deleted = journal.logs.filter { $0.recipeId == nil }.count
        let withLists = journal.logs.filter { $0.note?.contains("\n- ") == true }.count
        #expect((20...120).contains(deleted))
        #expect(withLists > 500)
        #expect(Set(journal.logs.compactMap(\.tasteTag)).count == 4)
    }

    @Test func recipesEndTheirWaterAtTheYieldAndNeverGoBackOnTheClock() {
        let journal = SyntheticJournal(logCount: 10, seed: 5)
        #expect(journal.recipes.count == 12)
        #expect(journal.recipes.filter(\.isStarter).count == 1)
        for recipe in journal.recipes {
            let waters = recipe.steps.compactMap(\.waterAmountGrams)
            #expect(waters.last == recipe.targetYieldGrams)
            #expect(zip(waters, waters.dropFirst()).allSatisfy { $0 < $1 })
            let milestones = recipe.steps.compactMap(\.targetElapsedSeconds)
            #expect(zip(milestones, milestones.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func sessionEntriesStayInsideTheirSession() {
        for session in SyntheticJournal(logCount: 5_000, seed: 9).sessions {
            #expect(session.startTime < session.endTime)
            #expect(session.entries.allSatisfy { $0.timestamp >= session.startTime && $0.timestamp <= session.endTime })
        }
    }
}
