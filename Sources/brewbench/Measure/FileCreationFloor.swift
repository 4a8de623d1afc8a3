import Foundation

/// What this machine takes just to create a site's files: the same folders, and files of the
/// same names and sizes, written by two threads into a fresh folder on the same file system.
/// No fsync, as the site writer does none.
enum FileCreationFloor {
    static let threadCount = 2

    /// Creates the copy under `destination` (which must not exist) and returns the seconds taken.
    static func measure(_ inventory: SiteInventory, into destination: String) throws -> Double {
        let clock = MonotonicClock()
        guard mkdir(destination, 0o755) == 0 else { throw BenchError("cannot create \(destination): errno \(errno)") }
        for folder in inventory.folders {
            let path = destination + "/" + folder
            guard mkdir(path, 0o755) == 0 else { throw BenchError("cannot create \(path): errno \(errno)") }
        }
        let files = inventory.files
        let bufferBytes = max(1, inventory.largestFileBytes)
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
            let buffer = [UInt8](repeating: UInt8(ascii: "x"), count: bufferBytes)
            buffer.withUnsafeBytes { bytes in
                for index in stride(from: thread, to: files.count, by: threadCount) {
                    let file = files[index]
                    let descriptor = open(destination + "/" + file.relativePath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    guard descriptor >= 0 else { failures.add(); continue }
                    if file.sizeBytes > 0, write(descriptor, bytes.baseAddress, file.sizeBytes) != file.sizeBytes { failures.add() }
                    close(descriptor)
                }
            }
        }
        let seconds = clock.elapsedSeconds
        if failures.value > 0 { throw BenchError("\(failures.value) files could not be created under \(destination)") }
        return seconds
    }
}
