import BrewData
import Foundation
import Testing
import TestSupport

/// The places a command may write to, checked without writing anything (issue 24).
@Suite struct WriteTargetTests {
    @Test func theRootAndTheSystemsFoldersAreNeverATarget() {
        for path in ["/", "/etc", "/usr", "/home", "/tmp", "/var"] {
            #expect(WriteTarget.systemRefusal(path) != nil, "\(path)")
            #expect(WriteTarget.siteRefusal(output: path, data: "/nonexistent/Data", templates: []) != nil, "\(path)")
            #expect(WriteTarget.journalRefusal(target: path) != nil, "\(path)")
            #expect(WriteTarget.exportRefusal(output: path, data: "/nonexistent/Data", overwritable: { _ in true }) != nil, "\(path)")
        }
        #expect(WriteTarget.systemRefusal("/tmp/site") == nil)
    }

    @Test func pathsAreComparedResolved() throws {
        let folder = TestPaths.temporary("target").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Data/logs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/Data")
        #expect(WriteTarget.resolved(folder + "/link/logs") == WriteTarget.resolved(folder + "/Data/logs"))
        #expect(WriteTarget.resolved(folder + "/Data/new/deeper").hasSuffix("/Data/new/deeper"))
        for output in ["/Data", "/link", "/link/new", "/Data/../Data/logs", ""] {
            #expect(WriteTarget.siteRefusal(output: folder + output, data: folder + "/Data", templates: []) != nil, "\(output)")
        }
        #expect(WriteTarget.siteRefusal(output: folder + "/Site", data: folder + "/Data", templates: []) == nil)
        #expect(WriteTarget.siteRefusal(output: folder + "/Site", data: folder + "/Data", templates: [folder + "/Site/t"]) != nil)
        #expect(WriteTarget.siteRefusal(output: "", data: folder + "/Data", templates: []) == "the output path is empty; name a folder for the site, such as Site")
    }

    @Test func aJournalIsNeverMadeInsideAnother() throws {
        let folder = TestPaths.temporary("journal").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Data/recipes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Data/logs", withIntermediateDirectories: true)
        #expect(WriteTarget.isJournal(folder + "/Data"))
        #expect(!WriteTarget.isJournal(folder))
        #expect(WriteTarget.journalRefusal(target: folder + "/Data/backup")?.contains("is inside the data directory") == true)
        #expect(WriteTarget.journalRefusal(target: folder + "/Data/recipes/x/y") != nil)
        #expect(WriteTarget.journalRefusal(target: folder + "/Restored") == nil)
    }
}
