import Foundation
import Testing
import TestSupport

/// A command given a folder that is not a journal (`--data ~` by mistake) removes nothing of the
/// person's there, even a name shaped like brewguide's temporaries, whether it is refused or not
/// (issue 37).
@Suite struct LeftoverCleanupCommandTests {
    @Test func eraseAndARefusedLogLeaveAFolderThatIsNotAJournalAlone() throws {
        let home = TestPaths.temporary("not-a-journal")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // Pids above the kernel's largest (4,194,304) are never alive: the file is a dead process's by its name.
        let names = [".bashrc.4194305-7.tmp", ".profile.4194306-1.tmp", ".erasures.json.4194307-2.tmp"]
        for name in names { #expect(FileManager.default.createFile(atPath: home.appendingPathComponent(name).path, contents: Data("keep me".utf8))) }

        let erase = try BrewGuideProcess.run(["erase", "--log", "nope", "--yes", "--data", home.path])
        #expect(erase.stdout.contains("nothing to erase"), "\(erase.stdout)\(erase.stderr)")
        let log = try BrewGuideProcess.run(["log", "v60-starter", "--rating", "4", "--data", home.path])
        #expect(log.status != 0, "\(log.stdout)")
        for name in names {
            #expect(FileManager.default.contents(atPath: home.appendingPathComponent(name).path) == Data("keep me".utf8), "\(name) was removed")
        }
    }
}
