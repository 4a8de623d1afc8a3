import Foundation
import Testing
import TestSupport

/// Every `brewguide …` command in a fenced block of the README and the user docs runs as written
/// on a fresh journal. How a block is read, by its info string:
/// - `usage`: a synopsis with placeholders (`RECIPE_ID`, `[--data D]`): not run;
/// - `output`: an example shown with its output from another journal (the demo `Data/`): not run;
/// - anything else (`sh`, none): each line that starts with `brewguide ` or `$ brewguide ` is run,
///   in order, in a folder where `brewguide init` made `Data/` (one folder a document); the lines
///   after a `$ ` line are its output, not run. A pipe's right side (`| jq …`) is left off;
///   `serve` and `watch` pass when they are still running after two seconds.
@Suite("The docs' commands run")
struct DocsCommandsTests {
    struct Command: CustomStringConvertible {
        var document: String
        var line: Int
        var text: String
        var description: String { "\(document):\(line): \(text)" }
    }

    /// The commands to run, and the blocks that hold a command but no mark (`usage` or `output`).
    static func commands(in document: URL) throws -> [Command] {
        var commands: [Command] = []
        var info: String?
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                info = info == nil ? String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces) : nil
                continue
            }
            guard let info, info != "usage", info != "output" else { continue }
            var text = trimmed
            if text.hasPrefix("$ ") { text.removeFirst(2) }
            guard text.hasPrefix("brewguide ") else { continue }
            if let pipe = text.range(of: " | ") { text = String(text[..<pipe.lowerBound]) }
            commands.append(Command(document: document.lastPathComponent, line: index + 1, text: text))
        }
        return commands
    }

    /// Runs one command line through `/bin/sh` in `folder`, with the built binary first on PATH.
    static func run(_ command: Command, in folder: URL) throws -> (status: Int32, output: String, stillRunning: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        var text = command.text
        let longRunning = text.hasPrefix("brewguide serve") || text.hasPrefix("brewguide watch")
        // The preview server on any free port: a fixed one may be taken on a shared machine.
        if text.hasPrefix("brewguide serve"), !text.contains("--port") { text = text.replacingOccurrences(of: "brewguide serve", with: "brewguide serve --port 0") }
        // `exec`: the shell becomes brewguide, so a signal reaches it.
        process.arguments = ["-c", "exec " + text]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = BrewGuideProcess.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["BREWGUIDE_NOW"] = BrewGuideProcess.fixedNow
        environment["BREWGUIDE_TEMPLATES"] = nil
        // A home of the journal's own: a command that writes under `~` (a kept `serve` key) writes there.
        environment["HOME"] = folder.appendingPathComponent(".home").path
        // `serve --https` keeps its CA under XDG_DATA_HOME (else HOME): in the folder, never the runner's own.
        environment["XDG_DATA_HOME"] = nil
        process.environment = environment
        process.currentDirectoryURL = folder
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("docs-command-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if longRunning {
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                process.interrupt()
                let stopBy = Date().addingTimeInterval(5)
                while process.isRunning && Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                try handle.close()
                return (0, "", true)
            }
        }
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "", false)
    }

    static func userDocs() throws -> [URL] {
        let docs = TestPaths.packageRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") && $0 != "ARCHITECTURE.md" }
            .sorted().map { docs.appendingPathComponent($0) }
        return [TestPaths.packageRoot.appendingPathComponent("README.md")] + pages
    }

    @Test func everyCommandRunsOnAFreshJournal() throws {
        var ran = 0
        for document in try Self.userDocs() {
            let commands = try Self.commands(in: document)
            guard !commands.isEmpty else { continue }
            let folder = try BrewGuideProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try BrewGuideProcess.run(["init"], in: folder).status == 0)
            for command in commands {
                let result = try Self.run(command, in: folder)
                ran += 1
                #expect(result.status == 0, "\(command) exited \(result.status):\n\(result.output)")
            }
        }
        #expect(ran >= 10)
    }

    @Test func aSynopsisIsNotRunAndAnExampleIs() throws {
        let file = TestPaths.temporary("docs-commands", extension: "md")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("""
            ```usage
            brewguide log RECIPE_ID --rating 1..5
            ```

            ```output
            $ brewguide summary pub-quiz-1007
            ```

            ```sh
            $ brewguide scale v60-starter --dose 20 | head -1
            V60 Starter (v60-starter)
            brewguide check   # a comment
            ```
            """.utf8).write(to: file)
        #expect(try Self.commands(in: file).map(\.text) == ["brewguide scale v60-starter --dose 20", "brewguide check   # a comment"])
    }
}
