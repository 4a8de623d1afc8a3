/// Why a nutrition goal change was refused, with a sentence a person can act on.
public struct GoalError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
