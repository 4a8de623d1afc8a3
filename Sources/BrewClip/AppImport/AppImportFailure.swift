import Foundation

/// Why a file or a recipe was not imported, with the path it names.
public struct AppImportFailure: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    /// The app whose recipe the file is, when it is another app's than the one importing.
    public var foreignApp: AppExportFormat?

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A file that is another app's recipe.
    init(_ path: String, foreign app: AppExportFormat) {
        self.init(path, "this looks like a \(app.appName) export: use `kitchen import \(app.rawValue)`")
        foreignApp = app
    }

    /// In the compiler's form without a line: `path: error: reason`, the path's control
    /// characters and bidirectional controls written out (`\u{1B}`), as every message writes them.
    public var description: String { AppImportText.shown("\(path): error: \(reason)") }
}
