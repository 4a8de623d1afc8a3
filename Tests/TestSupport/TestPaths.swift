import Foundation

/// The places tests read and write: the package, the test journal, and fresh temporary folders.
/// One definition for every test target (no test computes `#filePath`'s grandparents itself).
public enum TestPaths {
    /// The package's root folder, where `Package.swift` is.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: the folder `journal` is in, and where the command-line tests run, so that
    /// `--data Data` and the paths in their messages (`Data/logs/…`) name the test journal.
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The test journal, `Tests/Fixtures/Data`: a copy of the demo `Data/` taken for the tests, so
    /// that editing the demo breaks no test. Tests that count its records or compare pages read this.
    public static let journal = fixtures.appendingPathComponent("Data")

    /// `journal` as the tests that run in the package root name it, and as its messages show it.
    public static let journalFromPackageRoot = "Tests/Fixtures/Data"

    /// The demo journal a new user sees (`Data/`); only tests that check the demo itself read it.
    public static let demo = packageRoot.appendingPathComponent("Data")

    /// A path under the system's temporary folder that nothing is at yet: `<prefix>-<uuid>`, with
    /// `.<extension>` when one is given. Nothing is made; the test makes and removes it.
    public static func temporary(_ prefix: String, extension pathExtension: String? = nil) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)" + (pathExtension.map { ".\($0)" } ?? ""))
    }
}
