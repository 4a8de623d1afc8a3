import Foundation
import TestSupport

/// Runs the built `brewguide` binary, as a user would, and captures what it prints.
struct BrewGuideProcess {
    static var binary: URL {
        let debug = TestPaths.packageRoot.appendingPathComponent(".build/debug/brewguide")
        if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
        return TestPaths.packageRoot.appendingPathComponent(".build/release/brewguide")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The moment the runs measure active sessions against (`BREWGUIDE_NOW`), so that they do not
    /// depend on the day: the bundled `birthday-1121` started 3 h 30 min before it and is still active.
    static let fixedNow = "2026-11-21T20:00:00Z"

    /// The state folder the tests' runs keep `serve`'s key in (`XDG_STATE_HOME`), one for the
    /// whole test run, so that no test writes the key into the person's own state folder.
    static let stateHome = TestPaths.temporary("brewguide-tests-state").path

    /// Runs `brewguide` with `arguments` in `directory` (`Tests/Fixtures` by default, so that
    /// `--data Data`, or no `--data`, is the test journal, and its messages say `Data/…`), with
    /// `BREWGUIDE_NOW` set to `fixedNow` unless `environment` sets it, no BREWGUIDE_DATA and no config
    /// file (XDG_CONFIG_HOME a folder that is not there) unless `environment` sets them, and `environment` added.
    static func run(_ arguments: [String], in directory: URL = TestPaths.fixtures, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["BREWGUIDE_NOW"] = fixedNow
        // The journal is the one named, or ./Data: not the person's BREWGUIDE_DATA or config file.
        variables["BREWGUIDE_DATA"] = nil
        variables["XDG_CONFIG_HOME"] = "/nonexistent/brewguide-tests-config"
        variables["XDG_STATE_HOME"] = stateHome
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs, so a full pipe cannot block it.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = TestPaths.temporary("brewguide-test")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of the test journal (`Tests/Fixtures/Data`) in a temporary directory.
    static func copyOfBundledData() throws -> URL {
        let directory = try temporaryDirectory()
        let copy = directory.appendingPathComponent("Data")
        try FileManager.default.copyItem(at: TestPaths.journal, to: copy)
        return copy
    }
}
