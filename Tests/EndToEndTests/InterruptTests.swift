import Foundation
import Testing
import TestSupport

/// `watch` and `serve` stop on Ctrl-C (and SIGTERM) at any moment after they start. The interrupt
/// is a handler and a pipe put in place whole (`Interrupt`): a Dispatch signal source set the
/// signal to be ignored before it was armed, and on Linux sees a signal only when every thread
/// blocks it, so a Ctrl-C in between was dropped and the command ran on (a serve once ran on for
/// 60 s after Ctrl-C, given right after it printed its address).
@Suite("Ctrl-C stops watch and serve", .serialized)
struct InterruptTests {
    final class Running: RunningBrewGuide, @unchecked Sendable {}

    /// When the signal is sent: at the first line (the handler may not be in place yet: then the
    /// signal's default action ends the command, before its first build), once the first build is
    /// told (while the staging copy is made, before "watching"), and once it watches.
    enum Moment: String, CaseIterable { case firstLine, built, watching }

    @Test(arguments: [(["serve", "--edit", "--port", "0"], SIGINT), (["watch"], SIGINT), (["serve", "--port", "0"], SIGTERM)])
    func aSignalStopsTheCommandEachTime(_ command: [String], _ signalNumber: Int32) throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        for round in 0..<6 {
            let moment = Moment.allCases[round % Moment.allCases.count]
            let keyFile = root.appendingPathComponent("serve-\(round).key")
            let extra = command.contains("--edit") ? ["--key-file", keyFile.path] : []
            let running = try Running(running: command + extra + ["--data", data.path, "--output", root.appendingPathComponent("Site").path])
            let name = "\(command.joined(separator: " ")), \(moment.rawValue), round \(round)"
            switch moment {
            case .firstLine: #expect(running.waitFor("serving", "built "), "\(name): \(running.output)")
            case .built: #expect(running.waitFor("built "), "\(name): \(running.output)")
            case .watching: #expect(running.waitFor("watching"), "\(name): \(running.output)")
            }
            kill(running.process.processIdentifier, signalNumber)
            // One signal only (`interrupt()` would send a second, which ends a command winding down).
            let stopBy = Date().addingTimeInterval(30)
            while running.process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.02) }
            guard !running.process.isRunning else {
                Issue.record("\(name): still running 30 s after the signal: \(running.output)")
                kill(running.process.processIdentifier, SIGKILL)
                running.process.waitUntilExit()
                continue
            }
            let byItsAction = running.process.terminationReason == .uncaughtSignal && running.process.terminationStatus == signalNumber
            if moment == .firstLine, byItsAction { continue }
            #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 0,
                    "\(name): \(running.process.terminationReason == .exit ? "exit" : "signal") \(running.process.terminationStatus): \(running.output)")
            #expect(running.waitFor("stopped;", seconds: 10), "\(name): \(running.output)")
        }
    }
}
