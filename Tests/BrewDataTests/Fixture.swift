import Foundation
import TestSupport

/// Paths of the fixture data directories, relative to the current directory as the messages show them.
enum Fixture {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `Tests/BrewDataTests/Fixtures/NAME`, relative to the package root (the directory `swift test` runs in).
    static func path(_ name: String) -> String {
        "Tests/BrewDataTests/Fixtures/\(name)"
    }

    static func absolutePath(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures/\(name)").path
    }
}
