import BrewKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The write-ahead record of a merge being written: every file change the merge makes, with the
/// bytes it finds there and the bytes it leaves, saved in the target before the first change
/// (`.brewguide-merge.json`, hidden, so never read as data).
///
/// Rules:
/// - A merge writes the journal, makes the changes one by one (each atomic), then removes the
///   journal. A merge killed at any point leaves either no journal (nothing written yet, or all
///   of it) or a journal that the next `merge --yes` finishes before it does anything else
///   (`finish(root:)`), so a record is never left in two files and `check` passes after it.
/// - Finishing is safe to repeat: a file already holding its new bytes is left alone; a file
///   still holding the bytes the merge found is changed; a file holding anything else was changed
///   by someone since, and finishing stops with its path instead of writing over it (nothing is lost).
/// - Paths are relative to the data directory, with `/`, name no hidden file or folder, and never
///   lead out of it: each folder on the way that is there is resolved (`realpath`, every symbolic
///   link followed) and must be inside the data directory, as must a file that is a link. A journal
///   that names one path that does not (or names one twice) is refused whole, before any change.
/// - A journal is a data file: it is read through `DataFileBytes`, with the same bound (256 MB), and
///   holds at most `maximumChanges` changes. A merge whose journal would be over either is refused
///   before anything is written, so every journal written can be read back.
public struct MergeJournal: Sendable, Equatable {
    public static let fileName = ".brewguide-merge.json"
    static let format = "brewguide-merge-journal"
    /// The most file changes one merge makes: a new log's file, its pours and its photos for each
    /// of many thousands of records, and far below what would keep a tampered journal writing.
    public static let maximumChanges = 100_000

    /// One file the merge writes, replaces or removes.
    public struct Change: Sendable, Equatable {
        /// The path under the data directory.
        public var path: String
        /// The SHA-256 of the file's bytes when the merge was planned; nil when there was no file.
        public var before: String?
        /// The bytes the merge leaves; nil when it removes the file.
        public var after: [UInt8]?

        public init(path: String, before: String?, after: [UInt8]?) {
            self.path = path
            self.before = before
            self.after = after
        }
    }

    public var changes: [Change]

    public init(changes: [Change]) { self.changes = changes }

    public static func path(root: String) -> String { (root as NSString).appendingPathComponent(fileName) }

    /// The change that takes `relative` from what is there now to `after`.
    public static func change(_ relative: String, root: String, to after: [UInt8]?) -> Change {
        let current = FileManager.default.contents(atPath: (root as NSString).appendingPathComponent(relative)).map { [UInt8]($0) }
        return Change(path: relative, before: current.map(Archive.sha256), after: after)
    }

    var json: JSONValue {
        .object([
            JSONMember("format", .string(Self.format)),
            JSONMember("changes", .array(changes.map { change in
                .object([
                    JSONMember("path", .string(change.path)),
                    JSONMember("before", change.before.map(JSONValue.string) ?? .null),
                    JSONMember("after", change.after.map { .string(Data($0).base64EncodedString()) } ?? .null),
                ])
            })),
        ])
    }

    /// Saves the journal in `root`, synced, before the first change is made.
    public func write(root: String) throws(CommandError) {
        if changes.count > Self.maximumChanges {
            throw CommandError("this merge would change \(changes.count) files, more than the \(Self.maximumChanges) one merge may; nothing was written. Merge fewer sources at a time")
        }
        let bytes = CanonicalJSON.bytes(json)
        if bytes.count > DataFileBytes.maximumBytes {
            throw CommandError("this merge's journal would be \(DataFileBytes.sizeText(bytes.count)), more than the \(DataFileBytes.sizeText(DataFileBytes.maximumBytes)) a data file may be; nothing was written. Merge fewer sources at a time")
        }
        do {
            try AtomicFile.write(bytes, to: Self.path(root: root))
        } catch {
            throw error.commandError()
        }
    }

    /// The journal an interrupted merge left in `root`, or nil when there is none. Read as a
    /// stream (`MergeJournalReader`, a megabyte at a time): each change is parsed on its own and
    /// only its path, hash and decoded bytes are kept, so a journal of 250 MB costs about the
    /// bytes its changes write, not a tree of the whole file.
    public static func load(root: String) throws(CommandError) -> MergeJournal? {
        let path = path(root: root)
        let descriptor: Int32
        switch DataFileBytes.openIfPresent(path, expected: "a merge journal") {
        case nil: return nil
        case .success(let opened)?: descriptor = opened
        case .failure(let problem)?: throw unread(problem.diagnostic)
        }
        defer { close(descriptor) }
        var reader = MergeJournalReader()
        var changes: [Change] = []
        var named: Set<String> = []
        struct TooMany: Error {}
        func take(_ bytes: [UInt8], startLine: Int) throws {
            let index = changes.count
            guard index < maximumChanges else { throw TooMany() }
            let node: RawNode
            do {
                node = try JSONParser.parse(bytes, file: path)
            } catch {
                throw MergeJournalReader.Failure(message: error.message, line: startLine + error.line - 1, column: error.column)
            }
            changes.append(try change(JSONValue(node), index: index, path: path, named: &named))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        do {
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw unread(.error(DataFileBytes.describe(errno, path: path), at: .file(path))) }
                if count == 0 { break }
                total += count
                guard total <= DataFileBytes.maximumBytes else {
                    throw unread(.error("grew past the \(DataFileBytes.sizeText(DataFileBytes.maximumBytes)) a merge journal may be while it was read", at: .file(path)))
                }
                try reader.feed(chunk[0..<count], element: take)
            }
            try reader.finish(element: take)
        } catch is TooMany {
            throw tooMany(maximumChanges + 1, path)
        } catch let failure as MergeJournalReader.Failure {
            throw CommandError("the journal of an interrupted merge does not read (\(failure.message)); nothing was changed by it", at: SourceLocation(file: path, line: failure.line, column: failure.column))
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.file(path, "\(error); nothing was changed by it")
        }
        guard let format = reader.format, case .string(let name)? = (try? JSONParser.parse(format, file: path))?.value, name == Self.format,
              reader.sawChanges, !reader.changesNotArray else {
            throw CommandError.file(path, "not a merge journal (no format \"\(Self.format)\" with changes)")
        }
        return MergeJournal(changes: changes)
    }

    /// A journal file that could not be read at all.
    static func unread(_ diagnostic: Diagnostic) -> CommandError {
        let said = diagnostic.message.replacingOccurrences(of: "; is it the right file?", with: "")
        return CommandError("\(said); this journal of an interrupted merge was not read, and nothing was changed by it. Look at it, then remove it and merge again", at: diagnostic.location)
    }

    /// The change `changes[index]` of a journal: a safe path not named before, the hash it expects
    /// and the bytes it leaves.
    static func change(_ node: JSONValue, index: Int, path: String, named: inout Set<String>) throws(CommandError) -> Change {
        guard let relative = node.text("path"), isSafe(relative) else {
            throw CommandError.file(path, "changes[\(index)] has no path inside the data directory (a relative path of names that are not hidden, with no . or ..); nothing was changed by it")
        }
        guard named.insert(relative).inserted else {
            throw CommandError.file(path, "changes[\(index)] names \"\(ShownText.escaped(relative))\" a second time; nothing was changed by it")
        }
        var after: [UInt8]?
        if let text = node.text("after") {
            guard let data = Data(base64Encoded: text) else { throw CommandError.file(path, "changes[\(index)].after is not base64") }
            after = [UInt8](data)
        }
        return Change(path: relative, before: node.text("before"), after: after)
    }

    static func tooMany(_ count: Int, _ path: String) -> CommandError {
        CommandError.file(path, "holds \(count) changes, more than the \(maximumChanges) one merge makes, so brewguide did not write it; nothing was changed by it. Look at it, then remove it and merge again")
    }

    /// A relative path with `/` that stays inside the data directory.
    static func isSafe(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !relative.hasPrefix("/") && !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }
    }

    /// Why a change may not be made in `root`: its path leads out of the data directory through a
    /// symbolic link (a folder on its way, or the file itself), or nil when it stays inside. Each
    /// part of the path that is there is resolved with `realpath`; a folder not there yet is made
    /// by the write, inside the last one resolved.
    static func escape(of relative: String, root: String, realRoot: String) -> String? {
        var current = root
        var shown: [Substring] = []
        for part in relative.split(separator: "/") {
            current = (current as NSString).appendingPathComponent(String(part))
            shown.append(part)
            var status = stat()
            guard lstat(current, &status) == 0 else { return nil }
            let shownPath = ShownText.escaped(shown.joined(separator: "/"))
            guard let real = KitchenImageFiles.realPath(current) else { return "\(shownPath) is a symbolic link to nothing there" }
            guard realRoot == "/" || real.hasPrefix(realRoot + "/") else {
                return "\(shownPath) leads out of the data directory through a symbolic link (to \(ShownText.escaped(real)))"
            }
        }
        return nil
    }

    /// Why this journal may not be applied in `root` (a path that leads out of it), or nil.
    /// - Parameter written: whether the journal is the one in `root` (an interrupted merge's),
    ///   rather than one about to be written.
    public func refusal(root: String, written: Bool = true) -> CommandError? {
        guard let realRoot = KitchenImageFiles.realPath(root) else { return nil }
        for (index, change) in changes.enumerated() {
            guard let why = Self.escape(of: change.path, root: root, realRoot: realRoot) else { continue }
            let writes = "a merge writes only inside the data directory, so nothing was changed"
            if written {
                return CommandError.file(Self.path(root: root), "changes[\(index)] names \"\(ShownText.escaped(change.path))\", but \(why); \(writes). Look at the link and this journal, then remove the journal and merge again")
            }
            return CommandError.file((root as NSString).appendingPathComponent(change.path), "the merge would write here, but \(why); \(writes). Replace the link with a folder of its own")
        }
        return nil
    }

    /// Makes every change not made yet, then removes the journal.
    /// - Parameter afterEachChange: called after each change is made (tests stop the merge there).
    /// - Returns: how many changes were made (0 when an interrupted run had made them all).
    @discardableResult
    public func apply(root: String, afterEachChange: (Int) throws(CommandError) -> Void = { _ throws(CommandError) in }) throws(CommandError) -> Int {
        if let refusal = refusal(root: root) { throw refusal }
        var made = 0
        for (index, change) in changes.enumerated() {
            let path = (root as NSString).appendingPathComponent(change.path)
            let current: [UInt8]?
            switch DataFileBytes.readIfPresent(path) {
            case nil: current = nil
            case .success(let read)?: current = read
            case .failure(let problem)?:
                throw CommandError("\(problem.diagnostic.message); the interrupted merge was not finished. Look at it, then merge --yes again", at: problem.diagnostic.location)
            }
            if current == change.after { continue }
            guard current.map(Archive.sha256) == change.before else {
                throw CommandError.file(path, "changed since the interrupted merge was planned, so it was not written over; look at it, then remove \(Self.path(root: root)) and merge again")
            }
            do {
                if let after = change.after { try AtomicFile.write(after, to: path) } else { try AtomicFile.remove(path) }
            } catch {
                throw error.commandError(then: "run the same merge again (--yes) to finish it")
            }
            made += 1
            try afterEachChange(index)
        }
        do {
            try AtomicFile.remove(Self.path(root: root))
        } catch {
            throw error.commandError()
        }
        return made
    }

    /// Finishes the merge an interrupted run left in `root`, if any.
    /// - Returns: a line for the person when there was one to finish.
    public static func finishInterrupted(root: String) throws(CommandError) -> String? {
        guard let journal = try load(root: root) else { return nil }
        let made = try journal.apply(root: root)
        return "finished an interrupted merge: \(made) file change\(made == 1 ? "" : "s") made, \(journal.changes.count - made) made before it stopped"
    }
}
