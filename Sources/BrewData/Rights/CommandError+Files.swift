import BrewKit

extension AtomicFile.Failure {
    /// This failure as a command's error, at the file it names; `then` is what to do next.
    public func commandError(then: String? = nil) -> CommandError {
        .file(path, then.map { "\(reason); \($0)" } ?? reason)
    }
}

extension CommandError {
    /// Any error a command caught, as the error it prints: itself when it is one already, a file
    /// that could not be written at its path, anything else by its description.
    public static func from(_ error: any Error) -> CommandError {
        if let error = error as? CommandError { return error }
        if let error = error as? AtomicFile.Failure { return error.commandError() }
        return CommandError("\(error)")
    }
}
