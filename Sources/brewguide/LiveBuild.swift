import ArgumentParser
import BrewData
import BrewKit
import BrewSite
import BrewWatch
import Foundation

/// What `watch` and `serve` share: a full build, then a rebuild after every burst of changes
/// under the data and template directories, until Ctrl-C. A rebuild happens whole between two
/// batches, so stopping never leaves a half-written site.
struct LiveBuild {
    let data: String
    let site: SiteOptions
    let backend: DirectoryWatcher.Backend
    /// Hears the journal as the first build read it (`serve` hands it to its saves' reader).
    var afterFirstRead: (@Sendable (IncrementalDataReader) -> Void)? = nil

    /// Builds, then rebuilds on every change; `after` hears each build's outcome and its number.
    func run(after: (JournalSite.Outcome, Int) async -> Void) async throws {
        // A mistyped --data would otherwise be watched for until it appears: stop at once instead.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.file(data, "the data directory does not exist; expected a folder with recipes/, logs/ and preferences.json")
        }
        // Watching starts before the first build, so a save made while it runs is not missed.
        let roots = [data] + [site.defaultTemplatesDirectory, site.templates].compactMap { $0 }
        let watcher: DirectoryWatcher
        do {
            // A 20 ms quiet period: editors and syncs write faster than that between files,
            // and every millisecond of it is latency between a save and the page.
            watcher = try DirectoryWatcher(roots: roots, backend: backend, quietMilliseconds: 20, ignoring: { EditorDroppings.isIgnored($0) })
        } catch {
            throw CommandError("cannot watch for changes: \(error)")
        }
        // Ctrl-C from here on stops watching; a build in progress, the first included, finishes.
        let interrupt = Interrupt { watcher.stop() }
        defer { interrupt.cancel() }
        let build = JournalBuild(data: data, site: site)
        let journal = JournalSite(settings: build.settings, now: RunClock.provider)
        var start = DispatchTime.now().uptimeNanoseconds
        let first = build.build(journal, full: true, startNanoseconds: start)
        afterFirstRead?(journal.lastRead)
        // After the first build, a rebuild prints the warnings it has not printed yet, and a count of the others.
        var shown = ShownWarnings()
        build.report(first, startNanoseconds: start, verbose: true, shown: &shown)
        // The staging copy is made while saves are already taken: their pages go straight into the site.
        journal.prepareForUpdates(inBackground: true)
        var generation = 1
        await after(first, generation)

        if !site.quiet {
            print("watching \(roots.joined(separator: ", ")) (\(watcher.backendInUse)); press Ctrl-C to stop")
            fflush(nil)
        }
        while var batch = await watcher.nextBatch() {
            // More than one file at once is likely a sync or a checkout still arriving: let it
            // settle (no change for 250 ms), so the whole burst makes one rebuild. A single save
            // is rebuilt at once, and so is a brew recorded (its logs file and preferences.json).
            while !isOneSave(batch), let more = await watcher.nextBatch(timeoutMilliseconds: 250) {
                batch.merge(more)
            }
            start = DispatchTime.now().uptimeNanoseconds
            // A save of a logs file: the edited or added logs' pages first, when that can be done
            // without the whole journal (`JournalSite.publishEditedLogPages`); then the rebuild, which
            // gives way to the next save if one comes before it writes, and once it writes, puts
            // that save's pages first all the same.
            if !batch.needsRescan, batch.changedPaths.allSatisfy({ isLogsFile($0) || isPreferencesFile($0) }),
               batch.changedPaths.contains(where: isLogsFile) { _ = journal.publishEditedLogPages() }
            let outcome = build.build(journal, full: false, startNanoseconds: start, shouldStop: { watcher.hasPendingBatch },
                                      newerSaveWaiting: { watcher.hasPendingBatch })
            guard !outcome.stopped, outcome.changedAnything || !outcome.succeeded else { continue }
            generation += 1
            build.report(outcome, startNanoseconds: start, verbose: false, shown: &shown)
            await after(outcome, generation)
        }
        journal.finishPreparingForUpdates()
        build.finish()
        if !site.quiet { print("stopped; \(site.output) holds the last good build") }
    }
}

extension LiveBuild {
    /// Whether `path` is a file in the data directory's logs folder (the batches name files as found under the roots).
    func isLogsFile(_ path: String) -> Bool {
        let folder = (data as NSString).appendingPathComponent(RecordKind.logs.folderName) + "/"
        let standardized = (path as NSString).standardizingPath
        return path.hasPrefix(folder) || standardized.hasPrefix((folder as NSString).standardizingPath + "/")
    }

    /// Whether `path` is the data directory's `preferences.json`.
    func isPreferencesFile(_ path: String) -> Bool {
        let file = (data as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        return path == file || URL(fileURLWithPath: path).standardizedFileURL.path == URL(fileURLWithPath: file).standardizedFileURL.path
    }

    /// Whether a batch is one save, rebuilt at once, rather than the start of a burst to let settle:
    /// one file, or what `brewguide log` (and a brew saved from a page) writes, a logs file and
    /// `preferences.json`.
    func isOneSave(_ batch: WatchBatch) -> Bool {
        guard !batch.needsRescan else { return false }
        let paths = batch.changedPaths
        return paths.count <= 1 || (paths.count == 2 && paths.contains(where: isLogsFile) && paths.contains(where: isPreferencesFile))
    }
}

/// Runs `handler` on SIGINT or SIGTERM instead of dying, so a build in progress finishes.
///
/// By a signal handler and a pipe (the self-pipe trick), not a Dispatch signal source: on Linux a
/// source sees a signal only when every thread blocks it (libdispatch reads it from a `signalfd`),
/// and threads this process does not make itself (the watcher's, the server's, the concurrency
/// pool's) do not, so the kernel could hand Ctrl-C to one of them, where the ignored signal was
/// dropped: `serve` or `watch` then ran on (a fresh-clone CI run saw `serve --edit` not stop in
/// 60 s). A handler runs on whichever thread takes the signal; it only writes a byte to the pipe
/// (async-signal-safe), and a thread of its own reads it and calls `handler`. `cancel()` puts the
/// default action back, so a Ctrl-C while the command winds down ends it.
final class Interrupt: @unchecked Sendable {
    private static let signals = [SIGINT, SIGTERM]
    private let readEnd: Int32
    private let writeEnd: Int32

    init(_ handler: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // No pipe (out of descriptors): Ctrl-C ends the command as it would without this.
            (readEnd, writeEnd) = (-1, -1)
            return
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
        interruptPipeWriteEnd = writeEnd
        let readEnd = self.readEnd
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1, byte == Interrupt.signalled { handler(); continue }
                if count < 0, errno == EINTR { continue }
                break  // `cancel()`'s byte, or the pipe closed
            }
            close(readEnd)
        }
        reader.name = "Interrupt"
        reader.start()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            // Nothing here may allocate or take a lock: a literal byte, and the descriptor set
            // (its global made) before the handler was put in place.
            let saved = errno
            var byte: UInt8 = 1
            _ = write(interruptPipeWriteEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in Self.signals { sigaction(number, &action, nil) }
    }

    /// The byte the handler writes; any other ends the reading thread.
    private static let signalled: UInt8 = 1

    func cancel() {
        guard writeEnd >= 0 else { return }
        for number in Self.signals { signal(number, SIG_DFL) }
        interruptPipeWriteEnd = -1
        var stop: UInt8 = 0
        _ = write(writeEnd, &stop, 1)
        close(writeEnd)
    }
}

/// Where the signal handler writes (a C function pointer captures nothing): the pipe of the
/// `Interrupt` in force, -1 when none is.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1
