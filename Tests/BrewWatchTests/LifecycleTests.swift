import BrewData
import BrewWatch
import Foundation
import Testing

/// Choosing a backend, refusing bad roots, and stopping.
@Suite struct LifecycleTests {
    @Test func automaticChoosesInotifyOnLinux() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let automatic = try DirectoryWatcher(roots: [tree.path])
        defer { automatic.stop() }
        let polling = try DirectoryWatcher(roots: [tree.path], backend: .polling(intervalMilliseconds: 100))
        defer { polling.stop() }
        #if os(Linux)
        #expect(automatic.backendInUse == "inotify")
        #endif
        #expect(polling.backendInUse == "polling")
    }

    @Test(arguments: testedBackends)
    func fileGivenAsARootIsRefused(backend: DirectoryWatcher.Backend) throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("preferences.json")
        let error = #expect(throws: WatchError.self) {
            _ = try DirectoryWatcher(roots: [tree.at("preferences.json")], backend: backend)
        }
        #expect(error?.reason == .notADirectory)
        #expect(error?.description == "error: \(tree.at("preferences.json")): cannot watch for changes: not a directory")
    }

    /// Ending at all is the point: a stream that stopped ending would hang, and the time limit fails it.
    /// Nothing here is timed by the test's own clock around an `await`: on a two-core machine the
    /// other suites' long synchronous tests can hold the cooperative threads for half a minute, and
    /// the wait for a thread is not the watcher's (36.9 s was seen so, with stop() itself instant).
    @Test(.timeLimit(.minutes(3)), arguments: testedBackends)
    func stopEndsTheStreamPromptly(backend: DirectoryWatcher.Backend) async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: backend, ignoring: EditorDroppings.isIgnored)
        var batches = watcher.batches().makeAsyncIterator()

        try tree.write("first.json")
        let first = await batches.next()
        #expect(first == WatchBatch(changedPaths: [tree.at("first.json")]))
        while await watcher.nextBatch(timeoutMilliseconds: 250) != nil {}  // a write split by a stall on a busy machine

        // stop() from another thread (not a task, which would wait for a cooperative thread) while
        // the stream is waiting ends it.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.1)
            watcher.stop()
        }
        let end = await batches.next()
        #expect(end == nil)

        // Changes after stop() reach nobody, and waiting returns at once (timed on this thread,
        // which the blocking call holds, so no scheduling is in the time).
        try tree.write("after.json")
        let (after, seconds) = Self.blockingNextBatch(watcher, timeoutMilliseconds: 10_000)
        #expect(after == nil)
        #expect(seconds < 5, "waiting after stop() took \(seconds) s, not at once")
    }

    /// The blocking `nextBatch` (from synchronous code the blocking overload is chosen) and how long it took.
    static func blockingNextBatch(_ watcher: DirectoryWatcher, timeoutMilliseconds: Int) -> (WatchBatch?, Double) {
        let start = Date()
        let batch: WatchBatch? = watcher.nextBatch(timeoutMilliseconds: timeoutMilliseconds)
        return (batch, Date().timeIntervalSince(start))
    }

    @Test func blockingNextBatchWorksFromAThreadAndReturnsNilAfterStop() async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: .inotify)
        let path = tree.at("from-thread.json")
        let received: WatchBatch?? = await withCheckedContinuation { continuation in
            let thread = Thread {
                let batch: WatchBatch? = watcher.nextBatch(timeoutMilliseconds: 10_000)
                watcher.stop()
                let afterStop: WatchBatch? = watcher.nextBatch(timeoutMilliseconds: 10_000)
                continuation.resume(returning: afterStop == nil ? .some(batch) : .none)
            }
            thread.start()
            try? tree.write("from-thread.json")
        }
        #expect(received == .some(WatchBatch(changedPaths: [path])))
    }

    @Test func cancellingAWaitingTaskReturnsNil() async throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let watcher = try DirectoryWatcher(roots: [tree.path], backend: .inotify)
        defer { watcher.stop() }
        let waiting = Task { await watcher.nextBatch() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == nil)
    }
}
