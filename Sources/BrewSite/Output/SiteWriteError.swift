/// Why the site could not be written.
public struct SiteWriteError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): error: \(reason)" }
}
