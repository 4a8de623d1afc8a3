#if os(Linux)
import BrewData
@testable import BrewWatch
import Glibc
import Testing

/// A queue overflow (`IN_Q_OVERFLOW`: the kernel dropped events) cannot be caused cheaply in a test, so
/// the record is handed to the backend directly.
@Suite struct InotifyOverflowTests {
    @Test func overflowAsksForARescanAndWatchesDirectoriesThatAppearedUnseen() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.makeDirectory("logs")
        let wakeUp = try WakeUpSignal()
        let backend = try InotifyBackend(roots: [tree.path], wakeUp: wakeUp, isIgnored: EditorDroppings.isIgnored)
        defer { backend.close() }

        // A folder appears, and its events are lost in the overflow.
        try tree.makeDirectory("logs/2024/05")
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while read(backend.inotifyFileDescriptor, &buffer, buffer.count) > 0 {}
        let overflow = InotifyEvent(watchDescriptor: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: "")
        #expect(backend.process([overflow]) == WatchBatch(needsRescan: true))

        // The folder is watched now.
        try tree.write("logs/2024/05/01.json")
        var seen = WatchBatch()
        for _ in 0 ..< 50 where !seen.changedPaths.contains(tree.at("logs/2024/05/01.json")) {
            seen.merge(backend.waitForChanges(timeoutMilliseconds: 100))
        }
        #expect(seen.changedPaths == [tree.at("logs/2024/05/01.json")])
    }
}
#endif
