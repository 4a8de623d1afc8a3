import ArgumentParser
import BrewData
import BrewKit

/// The data directory's lock as the command line takes it: when another command holds it, the
/// refusal (which command, which process) is printed and the command ends with status 1, having
/// written nothing.
enum CommandLock {
    static func data(_ root: String, for command: String) throws(CommandError) -> DirectoryLock {
        do {
            return try DataDirectoryLock.acquire(root: root, command: command)
        } catch {
            throw CommandError(error.message + "\nnothing was written", at: error.location)
        }
    }
}
