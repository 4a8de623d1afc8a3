import Foundation
import Testing
import TestSupport

/// A long-running `brewguide` (`watch`, `serve`) whose output is collected as it comes. Waiting
/// for output sleeps on a condition that each new piece of output signals, never for a set time.
/// (`@unchecked`: `text` is touched only with `arrived` held, and `Process` is set up once.)
class RunningBrewGuide: @unchecked Sendable {
    let process = Process()
    private let arrived = NSCondition()
    private var text = ""
    /// Whether the pipe has reached its end: everything the process wrote is in `text`.
    private var ended = false

    /// Starts the built binary with `arguments` (the command first), on the tests' fixed clock
    /// unless `environment` sets another (`BREWGUIDE_NOW`); `environment` is added; in `directory`
    /// when given (else the tests' own working directory).
    init(running arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws {
        process.executableURL = BrewGuideProcess.binary
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["BREWGUIDE_NOW": BrewGuideProcess.fixedNow, "XDG_STATE_HOME": BrewGuideProcess.stateHome]) { _, new in new }
            .merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.arrived.lock()
            if data.isEmpty {
                self.ended = true
                handle.readabilityHandler = nil
            } else {
                self.text += String(decoding: data, as: UTF8.self)
            }
            self.arrived.broadcast()
            self.arrived.unlock()
        }
        try process.run()
    }

    var output: String {
        arrived.lock()
        defer { arrived.unlock() }
        return text
    }

    func count(_ needle: String) -> Int { output.components(separatedBy: needle).count - 1 }

    /// Waits until one of `needles` has been printed; false after `seconds` (a bound for a hung
    /// process, not a pause a test relies on).
    func waitFor(_ needles: String..., seconds: Double = 60) -> Bool {
        waitUntil(seconds: seconds) { text in needles.contains(where: text.contains) }
    }

    /// Waits until `needle` has appeared `times` times in all; false after `seconds`.
    func waitFor(_ needle: String, times: Int, seconds: Double = 30) -> Bool {
        waitUntil(seconds: seconds) { text in text.components(separatedBy: needle).count - 1 >= times }
    }

    /// The first match of the regular expression `pattern` in the output.
    func first(_ pattern: String) -> String? {
        let output = self.output
        guard let match = output.range(of: pattern, options: .regularExpression) else { return nil }
        return String(output[match])
    }

    /// Ctrl-C, then the exit status once the process has ended and the last of its output is read
    /// (the exit can come before the pipe's last bytes reach `text`).
    @discardableResult
    func interrupt() -> Int32 {
        process.interrupt()
        // A process that does not stop on Ctrl-C is a failure to see, not a run that never ends.
        let stopBy = Date().addingTimeInterval(60)
        while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            Issue.record("brewguide \(process.arguments?.first ?? "") did not stop within 60 s of Ctrl-C; killed. Its output:\n\(output)")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let deadline = Date().addingTimeInterval(10)
        arrived.lock()
        while !ended, arrived.wait(until: deadline) {}
        arrived.unlock()
        return process.terminationStatus
    }

    func stop() { interrupt() }

    private func waitUntil(seconds: Double, _ isDone: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        arrived.lock()
        defer { arrived.unlock() }
        while !isDone(text) {
            if !arrived.wait(until: deadline) { return isDone(text) }
        }
        return true
    }
}
