import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a killed brewguide leaves behind: `AtomicFile`'s temporaries (`.NAME.PID-RANDOM.tmp`,
/// or `.NAME.PID.tmp`) and import's staging folders (`.TARGET.import-PID`). The next command
/// that writes there removes those whose process is gone.
///
/// Rules: only names of exactly these shapes are touched; a name whose pid is alive (or that
/// the system will not say about) stays; nothing outside the given folder is looked at.
public enum LeftoverFiles {
    /// Whether a process with this id exists (signal 0 checks without signalling).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The pid in an `AtomicFile` temporary's name, or nil for any other name.
    public static func pidOfTemporary(_ name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), dot > stem.startIndex else { return nil }
        let tail = stem[stem.index(after: dot)...]
        let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return Int32(parts[0])
    }

    /// Removes the temporaries of dead processes in `root` and the folders under it.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeDeadTemporaries(under root: String) -> [String] {
        var removed: [String] = []
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return removed }
        while let relative = enumerator.nextObject() as? String {
            let type = enumerator.fileAttributes?[.type] as? FileAttributeType
            if type == .typeSymbolicLink { continue }
            let name = (relative as NSString).lastPathComponent
            guard type == .typeRegular, let pid = pidOfTemporary(name), !isAlive(pid) else { continue }
            let path = (root as NSString).appendingPathComponent(relative)
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// Removes the staging folders that dead imports into `target` left beside it.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeDeadImportStaging(beside target: String) -> [String] {
        let absolute = URL(fileURLWithPath: target).standardizedFileURL
        let folder = absolute.deletingLastPathComponent().path
        let prefix = ".\(absolute.lastPathComponent).import-"
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(digits), !isAlive(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }
}
