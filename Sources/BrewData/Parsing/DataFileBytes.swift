import BrewKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a data file's bytes, saying in words what is wrong when it cannot: a folder, a pipe
/// (which would block a plain read forever), a file deleted between listing and reading, one
/// without permission, or one too large to be data. The location is the path alone: there is
/// no line in a file that could not be read.
public enum DataFileBytes {
    /// The largest data file read: a hundred thousand logs take about 25 MB.
    public static let maximumBytes = 256 * 1024 * 1024

    public struct Problem: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    public static func read(_ path: String) -> Result<[UInt8], Problem> {
        func failure(_ message: String) -> Result<[UInt8], Problem> {
            .failure(Problem(diagnostic: .error(message, at: .file(path))))
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return failure(describe(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failure("is a directory, not a data file; name folders without .json or .csv")
        case S_IFIFO: return failure("is not a regular file (it is a named pipe); data files are plain .json or .csv files")
        default: return failure("is not a regular file (a socket or device); data files are plain .json or .csv files")
        }
        if Int(status.st_size) > maximumBytes {
            return failure("is \(Int(status.st_size) / 1_048_576) MB, more than the \(maximumBytes / 1_048_576) MB a data file may be; split it into several files")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(describe(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return failure(describe(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumBytes {
                return failure("grew past the \(maximumBytes / 1_048_576) MB a data file may be while it was read")
            }
        }
        return .success(bytes)
    }

    /// An `errno` from opening or reading, in words.
    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "disappeared while reading (it was listed, then deleted or renamed before it could be read)"
        case EACCES, EPERM: "cannot be read: permission denied (check the file's owner and mode)"
        case EISDIR: "is a directory, not a data file"
        case ELOOP: "is a symbolic link that loops or points nowhere"
        default: "cannot be read: \(String(cString: strerror(code)))"
        }
    }
}
