@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// The site is replaced all at once: a reader sees the old site or the new one, the staging copy
/// left beside it equals the live site, and nothing outside the two is touched.
@Suite("Site transaction")
final class SiteTransactionTests {
    let folder: String

    init() throws {
        folder = TestPaths.temporary("site-transaction").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The site's files but the marker (`SiteMarker`), which every transaction writes.
    private func files(under root: String) -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            if relative == SiteMarker.fileName { continue }
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[relative] = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            }
        }
        return found
    }

    private func build(_ files: [String: String], into output: String) throws -> SiteTransaction.Report {
        let transaction = try SiteTransaction(outputDirectory: output, mode: .replaceAll)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try transaction.put(OutputFile(path: path, text: text)) }
        return try transaction.commit(as: .fullBuild, afterGivingWay: false)
    }

    @Test func firstBuildMovesTheStagingCopyIntoPlace() throws {
        let output = folder + "/Site"
        let report = try build(["index.html": "home", "logs/a.html": "a"], into: output)
        #expect(report.created == 2)
        #expect(files(under: output) == ["index.html": "home", "logs/a.html": "a"])
        #expect(FileManager.default.contents(atPath: output + "/" + SiteMarker.fileName) == Data(SiteMarker.contents))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.Site.staging"))
    }

    @Test func aFolderItDidNotBuildIsNeverReplaced() throws {
        let output = folder + "/Site"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output + "/notes.txt"))
        #expect(throws: SiteWriteError.self) { try SiteTransaction(outputDirectory: output, mode: .replaceAll) }
        #expect(FileManager.default.contents(atPath: output + "/notes.txt") == Data("mine".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.Site.staging"))
    }

    @Test func laterBuildsReplaceTheSiteAndLeaveAnEqualStagingCopy() throws {
        let output = folder + "/Site"
        _ = try build(["index.html": "home", "logs/a.html": "a", "logs/b.html": "b"], into: output)
        _ = try build(["index.html": "home", "logs/a.html": "a, edited"], into: output)
        let report = try build(["index.html": "home", "logs/a.html": "a, edited", "logs/c.html": "c"], into: output)
        #expect(report.created + report.rewritten == 1)
        #expect(report.unchanged == 2)
        let expected = ["index.html": "home", "logs/a.html": "a, edited", "logs/c.html": "c"]
        #expect(files(under: output) == expected)
        #expect(files(under: folder + "/.Site.staging") == expected)
    }

    @Test func anOutputDirectoryMadeDuringAFirstBuildIsLeftAlone() throws {
        let output = folder + "/Site"
        let transaction = try SiteTransaction(outputDirectory: output, mode: .replaceAll)
        try transaction.put(OutputFile(path: "index.html", text: "home"))
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: output + "/notes.txt"))
        #expect(throws: SiteWriteError.self) { try transaction.commit(as: .fullBuild, afterGivingWay: false) }
        #expect(files(under: output) == ["notes.txt": "someone else's"])
    }

    /// A file an update puts into a folder new to the site must reach the staging copy too, or
    /// the next update (which does not put it again) swaps in a site without it.
    @Test func aFileInANewFolderSurvivesTheNextUpdate() throws {
        let output = folder + "/Site"
        _ = try build(["index.html": "home"], into: output)
        try SiteTransaction.prepareStagingCopy(of: output)
        let first = try SiteTransaction(outputDirectory: output, mode: .update)
        try first.put(OutputFile(path: "logs/by-month/2026-12/index.html", text: "december"))
        try first.commit(as: .changedPagesWrittenAsMade, afterGivingWay: false)
        #expect(files(under: folder + "/.Site.staging") == files(under: output), "the staging copy equals the live site")
        let second = try SiteTransaction(outputDirectory: output, mode: .update)
        try second.put(OutputFile(path: "index.html", text: "home, edited"))
        try second.commit(as: .changedPagesWrittenAsMade, afterGivingWay: false)
        #expect(files(under: output) == ["index.html": "home, edited", "logs/by-month/2026-12/index.html": "december"])
    }

    /// Each writer names the way its pages reach the site (`SiteWritePath`, an argument with no
    /// default) and records it once they are live; a write that fails records nothing.
    @Test func eachWriterRecordsTheWayItWasToldOnceItsPagesAreLive() throws {
        let output = folder + "/Site"
        _ = try build(["index.html": "home"], into: output)
        #expect(SiteWritesTaken.take(outputDirectory: output) == [.fullBuild])
        #expect(SiteWritesTaken.take(outputDirectory: output) == [], "taken once")
        try SiteTransaction.prepareStagingCopy(of: output)
        let update = try SiteTransaction(outputDirectory: output, mode: .update)
        try update.put(OutputFile(path: "index.html", text: "home, edited"))
        try update.commit(as: .changedPagesMadeFirst, afterGivingWay: true)
        _ = try LiveSiteFiles.put([OutputFile(path: "logs/a.html", text: "a")], into: output + "/", as: .newLogsFirst)
        #expect(SiteWritesTaken.take(outputDirectory: output) == [.changedPagesMadeFirst, .afterGivingWay, .newLogsFirst])

        let other = folder + "/Other"
        let failing = try SiteTransaction(outputDirectory: other, mode: .replaceAll)
        try failing.put(OutputFile(path: "index.html", text: "home"))
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(throws: SiteWriteError.self) { try failing.commit(as: .fullBuild, afterGivingWay: false) }
        #expect(SiteWritesTaken.take(outputDirectory: other) == [])
    }

    @Test func anUpdateNeedsAStagingCopy() throws {
        #expect(throws: SiteWriteError.self) { try SiteTransaction(outputDirectory: folder + "/Site", mode: .update) }
    }
}
