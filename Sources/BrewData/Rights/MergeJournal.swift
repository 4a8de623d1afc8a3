import BrewKit
import Foundation

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
/// - Paths are relative to the data directory, with `/`, and never lead out of it.
public struct MergeJournal: Sendable, Equatable {
    public static let fileName = ".brewguide-merge.json"
    static let format = "brewguide-merge-journal"

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
        do {
            try AtomicFile.write(CanonicalJSON.bytes(json), to: Self.path(root: root))
        } catch {
            throw error.commandError()
        }
    }

    /// The journal an interrupted merge left in `root`, or nil when there is none.
    public static func load(root: String) throws(CommandError) -> MergeJournal? {
        let path = path(root: root)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let value: JSONValue
        do {
            value = JSONValue(try JSONParser.parse([UInt8](data), file: path))
        } catch {
            throw CommandError("the journal of an interrupted merge does not read (\(error.message)); nothing was changed by it", at: error.location(in: path))
        }
        guard value.text("format") == format, case .array(let nodes)? = value["changes"] else {
            throw CommandError.file(path, "not a merge journal (no format \"\(format)\" with changes)")
        }
        var changes: [Change] = []
        for (index, node) in nodes.enumerated() {
            guard let relative = node.text("path"), isSafe(relative) else {
                throw CommandError.file(path, "changes[\(index)] has no path inside the data directory")
            }
            let before = node.text("before")
            var after: [UInt8]?
            if let text = node.text("after") {
                guard let data = Data(base64Encoded: text) else { throw CommandError.file(path, "changes[\(index)].after is not base64") }
                after = [UInt8](data)
            }
            changes.append(Change(path: relative, before: before, after: after))
        }
        return MergeJournal(changes: changes)
    }

    /// A relative path with `/` that stays inside the data directory.
    static func isSafe(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !relative.hasPrefix("/") && !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }
    }

    /// Makes every change not made yet, then removes the journal.
    /// - Parameter afterEachChange: called after each change is made (tests stop the merge there).
    /// - Returns: how many changes were made (0 when an interrupted run had made them all).
    @discardableResult
    public func apply(root: String, afterEachChange: (Int) throws(CommandError) -> Void = { _ throws(CommandError) in }) throws(CommandError) -> Int {
        var made = 0
        for (index, change) in changes.enumerated() {
            let path = (root as NSString).appendingPathComponent(change.path)
            let current = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
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
