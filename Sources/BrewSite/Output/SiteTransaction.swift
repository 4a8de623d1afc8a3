import BrewKit
import CLinux
import Foundation

/// Replaces a built site all at once, writing as little as possible.
///
/// Files go into a staging copy of the site beside the output directory (`.Site.staging` for
/// `Site`). When every file is in place, the staging copy and the live site trade places in one
/// atomic `renameat2(RENAME_EXCHANGE)`, so a reader sees either the old site or the new one, never
/// a mix, and a build that fails half-way leaves the live site as it was. The old live copy becomes
/// the staging copy of the next build and is brought up to date with the files that changed.
///
/// A file whose bytes did not change is not rewritten, and no tree is ever deleted: on this kind of
/// disk (ext4), unlinking thousands of files makes the next creation several times slower, and
/// replacing a file by rename costs an unlink too.
///
/// `put` may be called from many threads at once; `commit` once, after the last `put`.
public final class SiteTransaction: Sendable {
    public enum Mode: Sendable {
        /// The site becomes exactly the files put: any other file is removed.
        case replaceAll
        /// The files put replace theirs, `remove` takes files away, every other file stays.
        case update
    }

    public struct Report: Sendable, Equatable {
        public var created = 0
        public var rewritten = 0
        public var unchanged = 0
        public var removed = 0
        /// Files whose bytes on disk changed: created or rewritten.
        public var written: Int { created + rewritten }
    }

    public let outputDirectory: String
    public let stagingDirectory: String
    public let mode: Mode

    /// Whether the staging directory was made by this transaction: then no file is there yet and
    /// each is created without first looking for it.
    private let stagingIsNew: Bool
    /// Whether the paths put must be kept: to prune the staging copy, or to bring the old live
    /// copy up to date after the swap. A first build (no staging copy, no site) needs neither.
    private let tracksPaths: Bool
    /// What the puts so far have done, from whichever threads put.
    private let state = Locked(State())

    private struct State: Sendable {
        var knownDirectories: Set<String> = []
        var producedPaths: Set<String> = []
        var changedPaths: [String] = []
        var removalPaths: [String] = []
        var report = Report()
    }

    /// Prepares the staging copy. In `.update` mode the staging copy must already exist (a full
    /// build made it); otherwise this throws and the caller makes a full build instead.
    public init(outputDirectory: String, mode: Mode) throws(SiteWriteError) {
        let output = URL(fileURLWithPath: outputDirectory).standardizedFileURL
        self.outputDirectory = output.path
        self.stagingDirectory = Self.stagingPath(of: output.path)
        self.mode = mode
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        // Only a site this tool built (it holds `SiteMarker`), an empty folder or none is replaced;
        // the same for the staging copy, which a full build prunes to the files it makes.
        if let refusal = SiteMarker.refusal(toReplace: self.outputDirectory, role: "the output") {
            throw SiteWriteError(path: outputDirectory, reason: refusal)
        }
        if let refusal = SiteMarker.refusal(toReplace: stagingDirectory, role: "the staging copy beside the output") {
            throw SiteWriteError(path: stagingDirectory, reason: refusal)
        }
        let stagingExists = fileManager.fileExists(atPath: stagingDirectory, isDirectory: &isDirectory)
        if mode == .update {
            guard stagingExists && isDirectory.boolValue, fileManager.fileExists(atPath: self.outputDirectory) else {
                throw SiteWriteError(path: stagingDirectory, reason: "no staging copy to update; a full build is needed")
            }
        }
        stagingIsNew = !stagingExists || !isDirectory.boolValue
        tracksPaths = !stagingIsNew || fileManager.fileExists(atPath: self.outputDirectory)
        do {
            try fileManager.createDirectory(atPath: stagingDirectory, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(path: stagingDirectory, reason: "cannot create the staging directory: \(error.localizedDescription)")
        }
        state.withLock { _ = $0.knownDirectories.insert("") }
        // Marked first, so that a staging copy a killed build leaves is known as this tool's.
        // It is not counted in the report: a person counts pages and files of the site.
        let marker = stagingDirectory + "/" + SiteMarker.fileName
        let outcome = SiteMarker.contents.withUnsafeBufferPointer { stagingIsNew ? FileSync.create($0, at: marker) : FileSync.write($0, to: marker) }
        if case .failed(let reason) = outcome { throw SiteWriteError(path: marker, reason: "cannot write the file: \(reason)") }
        state.withLock { state in
            state.producedPaths.insert(SiteMarker.fileName)
            if outcome != .unchanged { state.changedPaths.append(SiteMarker.fileName) }
        }
    }

    /// Makes the staging copy of a site that has none (its first build moved the staging copy
    /// into place), so that the next `.update` transaction finds one. Does nothing when it exists.
    public static func prepareStagingCopy(of outputDirectory: String) throws(SiteWriteError) {
        let output = URL(fileURLWithPath: outputDirectory).standardizedFileURL
        let staging = stagingPath(of: output.path)
        guard FileManager.default.fileExists(atPath: output.path), !FileManager.default.fileExists(atPath: staging) else { return }
        let building = staging + ".copying"
        try? FileManager.default.removeItem(atPath: building)
        do {
            try FileManager.default.copyItem(atPath: output.path, toPath: building)
        } catch {
            try? FileManager.default.removeItem(atPath: building)
            throw SiteWriteError(path: staging, reason: "cannot make the staging copy: \(error.localizedDescription)")
        }
        guard rename(building, staging) == 0 else {
            throw SiteWriteError(path: staging, reason: "cannot make the staging copy: \(String(cString: strerror(errno)))")
        }
    }

    /// The staging copy beside an output directory: `.Site.staging` for `Site`.
    public static func stagingPath(of outputDirectory: String) -> String {
        let output = URL(fileURLWithPath: outputDirectory).standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).staging").path
    }

    /// Removes the staging copy beside an output directory (a half-made copy of it, and the files
    /// `LiveSiteFiles` had not yet put in place), for a
    /// command that ends and will not build again: the next build makes a new one. Returns whether
    /// nothing is left beside the output.
    @discardableResult
    public static func removeStagingCopy(of outputDirectory: String) -> Bool {
        let staging = stagingPath(of: outputDirectory)
        var removedAll = true
        for path in [staging, staging + ".copying", LiveSiteFiles.incomingPath(of: outputDirectory)] where FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch { removedAll = false }
        }
        return removedAll
    }

    // MARK: Writing

    /// Puts one file into the staging copy, unless the same bytes are already there.
    public func put(_ file: OutputFile) throws(SiteWriteError) {
        let directory = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file.path[..<$0]) } ?? ""
        try ensureDirectory(directory, under: stagingDirectory)
        let path = stagingDirectory + "/" + file.path
        let outcome = file.withBytes { stagingIsNew ? FileSync.create($0, at: path) : FileSync.write($0, to: path) }
        if case .failed(let reason) = outcome {
            state.withLock { if tracksPaths { $0.producedPaths.insert(file.path) } }
            throw SiteWriteError(path: stagingDirectory + "/" + file.path, reason: "cannot write the file: \(reason)")
        }
        state.withLock { state in
            if tracksPaths { state.producedPaths.insert(file.path) }
            switch outcome {
            case .unchanged: state.report.unchanged += 1
            case .created: state.report.created += 1; if tracksPaths { state.changedPaths.append(file.path) }
            case .rewritten: state.report.rewritten += 1; if tracksPaths { state.changedPaths.append(file.path) }
            case .failed: break
            }
        }
    }

    /// Writes the template assets (their bytes by path relative to `assets/`) into the site.
    public func putAssets(_ assets: [String: [UInt8]]) throws(SiteWriteError) {
        for (relative, bytes) in assets.sorted(by: { $0.key < $1.key }) {
            try put(OutputFile(path: "assets/" + relative, contents: bytes))
        }
    }

    /// Copies files of the data directory (the kitchen's thumbnails) into the site, each by its
    /// path in the site and the file to read.
    public func putFiles(_ files: [(path: String, source: String)]) throws(SiteWriteError) {
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: file.source) else {
                throw SiteWriteError(path: file.source, reason: "cannot read the file to copy into the site (\(file.path))")
            }
            try put(OutputFile(path: file.path, contents: [UInt8](bytes)))
        }
    }

    /// Takes a file away (in `.update` mode; `.replaceAll` removes whatever was not put).
    public func remove(_ relativePath: String) {
        state.withLock { $0.removalPaths.append(relativePath) }
    }

    /// Removes what must go, swaps the staging copy in, and brings the old copy up to date.
    /// `meanwhile` is called after every few files brought up to date once the copies are swapped.
    /// - Parameters:
    ///   - way: the way these pages reach the site (`SiteWritePath`), recorded once they are live
    ///     (`SiteWritesTaken`); a new way to disk is a new case.
    ///   - afterGivingWay: whether this build follows one that gave way (`.afterGivingWay` too).
    @discardableResult
    public func commit(as way: SiteWritePath, afterGivingWay: Bool, meanwhile: () -> Void = {}) throws(SiteWriteError) -> Report {
        let report = try swapIn(meanwhile: meanwhile)
        SiteWritesTaken.record(afterGivingWay ? [way, .afterGivingWay] : [way], outputDirectory: outputDirectory)
        return report
    }

    private func swapIn(meanwhile: () -> Void) throws(SiteWriteError) -> Report {
        // Every put has returned: what they did is read once.
        let (producedPaths, changedPaths, removalPaths) = state.withLock { ($0.producedPaths, $0.changedPaths, $0.removalPaths) }
        var report = state.value.report
        var removed: [String]
        switch mode {
        case .replaceAll:
            // A new staging copy holds only what was put.
            removed = stagingIsNew ? [] : FileSync.removeFiles(under: stagingDirectory, keeping: producedPaths)
        case .update:
            removed = removalPaths.filter { FileSync.removeFile(stagingDirectory + "/" + $0) }
        }
        report.removed = removed.count
        if !FileManager.default.fileExists(atPath: outputDirectory) {
            guard rename(stagingDirectory, outputDirectory) == 0 else {
                throw SiteWriteError(path: outputDirectory, reason: "cannot move the new site into place: \(String(cString: strerror(errno)))")
            }
            return report
        }
        guard tracksPaths else {
            // Something made the output directory while this build ran: the swap would leave a
            // staging copy this transaction cannot bring up to date. The next build starts over.
            throw SiteWriteError(path: outputDirectory, reason: "the output directory appeared while the site was being built; nothing was replaced")
        }
        try exchange()
        // The staging path now holds the previous site: make it the same as the live one, so that
        // the next build compares against current pages and nothing removed lingers on disk.
        // `knownDirectories` names the folders made in the copy that is now live, not in this one:
        // a folder new to the site must be made here too, or its files never reach this copy.
        var madeHere: Set<String> = [""]
        for (number, path) in changedPaths.enumerated() {
            if number % Self.filesBetweenMeanwhile == Self.filesBetweenMeanwhile - 1 { meanwhile() }
            let live = outputDirectory + "/" + path
            guard let bytes = FileManager.default.contents(atPath: live) else { continue }
            let directory = (path as NSString).deletingLastPathComponent
            if madeHere.insert(directory).inserted {
                try? FileManager.default.createDirectory(atPath: stagingDirectory + "/" + directory, withIntermediateDirectories: true)
            }
            _ = [UInt8](bytes).withUnsafeBufferPointer { FileSync.write($0, to: stagingDirectory + "/" + path) }
        }
        switch mode {
        case .replaceAll: _ = FileSync.removeFiles(under: stagingDirectory, keeping: producedPaths)
        case .update: for path in removalPaths { _ = FileSync.removeFile(stagingDirectory + "/" + path) }
        }
        return report
    }

    /// How many files `commit(as:afterGivingWay:meanwhile:)` and `SiteBuilder.render(_:of:into:stoppingIf:meanwhile:)`
    /// write between two calls of `meanwhile`: a few milliseconds' worth.
    public static let filesBetweenMeanwhile = 32

    // MARK: Helpers

    private func ensureDirectory(_ relative: String, under root: String) throws(SiteWriteError) {
        if state.withLock({ $0.knownDirectories.contains(relative) }) { return }
        do {
            try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(path: root + "/" + relative, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        state.withLock { _ = $0.knownDirectories.insert(relative) }
    }

    /// Trades the staging copy and the live site in one step; where the file system cannot,
    /// falls back to two renames (the live path is missing for an instant between them).
    private func exchange() throws(SiteWriteError) {
        if clinux_rename_exchange(stagingDirectory, outputDirectory) == 0 { return }
        guard errno == EINVAL || errno == ENOSYS else {
            throw SiteWriteError(path: outputDirectory, reason: "cannot swap the new site into place: \(String(cString: strerror(errno)))")
        }
        let aside = stagingDirectory + ".swap"
        guard rename(outputDirectory, aside) == 0 else {
            throw SiteWriteError(path: outputDirectory, reason: "cannot move the old site aside: \(String(cString: strerror(errno)))")
        }
        guard rename(stagingDirectory, outputDirectory) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, outputDirectory)
            throw SiteWriteError(path: outputDirectory, reason: "cannot move the new site into place: \(reason)")
        }
        _ = rename(aside, stagingDirectory)
    }
}
