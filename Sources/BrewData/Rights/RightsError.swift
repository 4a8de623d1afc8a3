/// Why an export, import, erase or merge was refused or failed: one message a person can act on.
public struct RightsError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
