import BrewKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a data file's bytes, saying in words what is wrong when it cannot: a folder, a pipe
/// (which would block a plain read forever), a symbolic link to nothing, a name that is not
/// UTF-8, a file deleted between listing and reading, one without permission, or one too large
/// to be data. The location is the path alone: there is no line in a file that could not be read.
///
/// The size bound counts the bytes actually read, not the size the file system reports: a file
/// that grows while it is read, or one of `/proc`'s that reports 0, stops at the bound too.
/// Every reader of a file in the data directory goes through here (the record folders,
/// `preferences.json`, `erasures.json`, the kitchen's inbox, plan, snacks and shopping list, the
/// journal of an interrupted merge and the files it changes),
/// and so does `import-brews` for the files it is given.
public enum DataFileBytes {
    /// The largest data file read: a hundred thousand logs take about 25 MB.
    public static let maximumBytes = 256 * 1024 * 1024

    public struct Problem: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    /// What the file is expected to be, for messages: `a data file` or `a Beanconqueror file`.
    public static let dataFile = "a data file"

    /// The file's bytes, or what is wrong with it.
    /// - Parameter expected: what the file should be, as a message names it (`a data file`).
    public static func read(_ path: String, expected: String = dataFile, maximumBytes: Int = maximumBytes) -> Result<[UInt8], Problem> {
        read(path, expected: expected, maximumBytes: maximumBytes, ifPresent: false) ?? .success([])
    }

    /// As `read`, but nil when nothing at all is at `path` (an optional file such as
    /// `kitchen/inbox.json`). A symbolic link to nothing is something: it is a problem.
    public static func readIfPresent(_ path: String, expected: String = dataFile, maximumBytes: Int = maximumBytes) -> Result<[UInt8], Problem>? {
        read(path, expected: expected, maximumBytes: maximumBytes, ifPresent: true)
    }

    /// The file at `path` opened for reading after the same checks as `readIfPresent` (a plain
    /// file, within `maximumBytes`), for a reader that takes it in chunks (`MergeJournal.load`);
    /// nil when nothing is there. The caller closes the descriptor and counts what it reads.
    public static func openIfPresent(_ path: String, expected: String = dataFile, maximumBytes: Int = maximumBytes) -> Result<Int32, Problem>? {
        opened(path, expected: expected, maximumBytes: maximumBytes, ifPresent: true).map { $0.map(\.descriptor) }
    }

    /// What `read` reads after it has checked what is at `path`.
    private static func opened(_ path: String, expected: String, maximumBytes: Int, ifPresent: Bool) -> Result<(descriptor: Int32, status: stat), Problem>? {
        func failure(_ message: String) -> Result<(descriptor: Int32, status: stat), Problem> {
            .failure(Problem(diagnostic: .error(message, at: .file(path))))
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT, !entryExists(path), !hasUnreadableName(path) {
                if ifPresent { return nil }
                // A file the person named, not one listed from a folder: it is simply not there.
                if expected != dataFile { return failure("does not exist; expected \(expected)") }
            }
            return failure(describe(code, path: path))
        }
        let plainFiles = expected == dataFile ? "data files are plain .json or .csv files" : "expected \(expected), a plain file"
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            return failure(expected == dataFile ? "is a directory, not a data file; name folders without .json or .csv" : "is a directory, not \(expected)")
        case S_IFIFO: return failure("is not a regular file (it is a named pipe); \(plainFiles)")
        case S_IFSOCK: return failure("is not a regular file (it is a socket); \(plainFiles)")
        default: return failure("is not a regular file (it is a device); \(plainFiles)")
        }
        if Int(status.st_size) > maximumBytes {
            return failure("is \(sizeText(Int(status.st_size))), more than the \(sizeText(maximumBytes)) \(expected) may be; \(expected == dataFile ? "split it into several files" : "is it the right file?")")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(describe(errno, path: path)) }
        return .success((descriptor, status))
    }

    private static func read(_ path: String, expected: String, maximumBytes: Int, ifPresent: Bool) -> Result<[UInt8], Problem>? {
        func failure(_ message: String) -> Result<[UInt8], Problem> {
            .failure(Problem(diagnostic: .error(message, at: .file(path))))
        }
        let descriptor: Int32, status: stat
        switch opened(path, expected: expected, maximumBytes: maximumBytes, ifPresent: ifPresent) {
        case nil: return nil
        case .failure(let problem)?: return .failure(problem)
        case .success(let found)?: (descriptor, status) = found
        }
        defer { close(descriptor) }
        // The size the file said, and one byte more (to see it end), read straight into the
        // array; then, for a file that grew, the rest in chunks.
        func grewPast() -> Result<[UInt8], Problem> {
            failure("grew past the \(sizeText(maximumBytes)) \(expected) may be while it was read (it said it was \(sizeText(Int(status.st_size))))")
        }
        var firstError: Int32 = 0
        let wanted = min(max(0, Int(status.st_size)), maximumBytes) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            count = 0
            while count < buffer.count {
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { firstError = errno }
                if read <= 0 { return }
                count += read
            }
        }
        if firstError != 0 { return failure(describe(firstError, path: path)) }
        if bytes.count < wanted { return .success(bytes) }
        if bytes.count > maximumBytes { return grewPast() }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never more than one byte past the bound: enough to know the file is too large.
            let asked = min(chunk.count, maximumBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, asked) }
            if count < 0 {
                if errno == EINTR { continue }
                return failure(describe(errno, path: path))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumBytes { return grewPast() }
        }
        return .success(bytes)
    }

    /// `268,435,457 bytes (256.0 MB)`, `100 bytes`: exact, so that two sizes never print alike.
    public static func sizeText(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1_048_576
        var grouped = ""
        for (index, digit) in String(bytes).reversed().enumerated() {
            if index > 0, index % 3 == 0, digit != "-" { grouped.insert(",", at: grouped.startIndex) }
            grouped.insert(digit, at: grouped.startIndex)
        }
        return bytes < 1_048_576 ? "\(grouped) bytes" : "\(grouped) bytes (\(String(format: "%.1f", megabytes)) MB)"
    }

    /// Whether anything, even a symbolic link to nothing, is at `path`.
    static func entryExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a name read from a folder whose bytes were not UTF-8: Foundation gives
    /// such a name with U+FFFD in place of each bad byte, and no file has that name.
    static func hasUnreadableName(_ path: String) -> Bool {
        path.unicodeScalars.contains("\u{FFFD}")
    }

    /// An `errno` from opening or reading, in words.
    static func describe(_ code: Int32, path: String) -> String {
        if code == ENOENT {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \"\(ShownText.escaped($0))\"" } ?? ""
                return "is a symbolic link\(target), which points to nothing there; remove the link or restore its file"
            }
            if hasUnreadableName(path) {
                return "cannot be opened: its name is not UTF-8 (shown here with \u{FFFD} for the bytes that are not); rename it with UTF-8 characters"
            }
        }
        return describe(code)
    }

    /// An `errno` from opening or reading, in words.
    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "disappeared while reading (it was listed, then deleted or renamed before it could be read)"
        case EACCES, EPERM: "cannot be read: permission denied (check the file's owner and mode)"
        case EISDIR: "is a directory, not a data file"
        case ELOOP: "is a symbolic link that loops (it leads back to itself)"
        case ENOTDIR: "cannot be read: a part of its path is a file, not a folder"
        case ENAMETOOLONG: "cannot be read: its path is too long"
        default: "cannot be read: \(String(cString: strerror(code)))"
        }
    }
}
