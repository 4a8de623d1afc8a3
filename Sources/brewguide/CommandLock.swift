import ArgumentParser
import BrewData

/// The data directory's lock as the command line takes it: when another command holds it, the
/// refusal (which command, which process) is printed and the command ends with status 1, having
/// written nothing.
enum CommandLock {
    static func data(_ root: String, for command: String) throws(ExitCode) -> DirectoryLock {
        do {
            return try DataDirectoryLock.acquire(root: root, command: command)
        } catch {
            StandardError.write("error: \(error.message)\nnothing was written\n")
            throw ExitCode(1)
        }
    }
}
