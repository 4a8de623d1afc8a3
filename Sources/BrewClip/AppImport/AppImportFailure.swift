import Foundation

/// Why a file or a recipe was not imported, with the path it names.
public struct AppImportFailure: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// In the compiler's form without a line: `path: error: reason`.
    public var description: String { "\(path): error: \(reason)" }
}
