/// Why a command stopped: a reason a person can act on, with where it is when that is known (a
/// file, and in it a line and column or a field), and any located findings behind it.
///
/// It is the one error type the commands throw (`CommandError` is this type under the rights
/// commands' name), and the command line prints it once, in the compiler's form:
/// `path:line:column: error: reason`, `path: error: reason` for a whole file, `error: reason`
/// without a file. The reason never repeats the location or the word `error:`; findings are
/// printed before it, each in its own form (`Diagnostic.description`).
public struct CommandError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is; nil when it is not in a file (a flag, a recipe id, a lock).
    public var location: SourceLocation?
    /// What is wrong and, where it helps, what to do; more lines follow on lines of their own.
    public var reason: String
    /// The located problems behind it (a record that would not pass `check`), printed first.
    public var findings: [Diagnostic]

    public init(_ reason: String, at location: SourceLocation? = nil, findings: [Diagnostic] = []) {
        self.reason = reason
        self.location = location
        self.findings = findings
    }

    /// A finding that stops a command, at its place.
    public init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.message, at: diagnostic.location)
    }

    /// A problem with a whole file (it cannot be read, or is not what it should be).
    public static func file(_ path: String, _ reason: String, findings: [Diagnostic] = []) -> CommandError {
        CommandError(reason, at: .file(path), findings: findings)
    }

    /// The same error placed at `location` when it has no place of its own yet: a reader deep in
    /// a file says what is wrong, the caller that knows the file says where.
    public func located(at location: SourceLocation) -> CommandError {
        var copy = self
        if copy.location == nil { copy.location = location }
        return copy
    }

    /// The whole of it without the word `error:`, for a message that embeds it (an import's
    /// report line, the inbox's note): the findings, then `location: reason`.
    public var message: String {
        (findings.map(\.description) + [location.map { "\($0): \(reason)" } ?? reason]).joined(separator: "\n")
    }

    /// The findings, then `location: error: reason`; each line's control characters written
    /// out, so a name in the data cannot drive the terminal.
    public var description: String {
        let head = location.map { "\($0): error: " } ?? "error: "
        let reasonLines = reason.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index == 0 ? head : "") + ShownText.escaped(String(line), limit: .max)
        }
        return (findings.map(\.description) + reasonLines).joined(separator: "\n")
    }
}
