@testable import BrewWatch
import Testing

/// How the polling backend compares two walks.
@Suite struct PollingComparisonTests {
    static func file(inode: UInt64, sizeBytes: Int64 = 10, modifiedNanoseconds: Int64 = 1) -> FileStamp {
        var stamp = FileStamp(atPath: "/")!
        stamp.inode = inode
        stamp.sizeBytes = sizeBytes
        stamp.modifiedNanoseconds = modifiedNanoseconds
        stamp.isDirectory = false
        return stamp
    }

    static let directory = FileStamp(atPath: "/")!

    @Test func reportsFilesThatAppearVanishOrChangeStamp() {
        let old = [
            "D": Self.directory,
            "D/same.json": Self.file(inode: 1),
            "D/edited.json": Self.file(inode: 2),
            "D/renamed-over.json": Self.file(inode: 3),
            "D/gone.json": Self.file(inode: 4),
            "D/touched.json": Self.file(inode: 5),
        ]
        let new = [
            "D": Self.directory,
            "D/same.json": Self.file(inode: 1),
            "D/edited.json": Self.file(inode: 2, sizeBytes: 11),
            "D/renamed-over.json": Self.file(inode: 9),
            "D/touched.json": Self.file(inode: 5, modifiedNanoseconds: 2),
            "D/new.json": Self.file(inode: 6),
        ]
        #expect(PollingBackend.changes(from: old, to: new) == WatchBatch(changedPaths: [
            "D/edited.json", "D/renamed-over.json", "D/gone.json", "D/touched.json", "D/new.json",
        ]))
    }

    @Test func aVanishedDirectoryAsksForARescanAndANewOneDoesNot() {
        let old = ["D": Self.directory, "D/old": Self.directory, "D/old/a.json": Self.file(inode: 1)]
        let new = ["D": Self.directory, "D/new": Self.directory, "D/new/a.json": Self.file(inode: 1)]
        #expect(PollingBackend.changes(from: old, to: new) == WatchBatch(
            changedPaths: ["D/old", "D/old/a.json", "D/new/a.json"], needsRescan: true))
        #expect(PollingBackend.changes(from: ["D": Self.directory], to: new) == WatchBatch(changedPaths: ["D/new/a.json"]))
    }
}
