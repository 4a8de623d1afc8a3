import ArgumentParser
import BrewData
import BrewKit
import BrewSite
import Foundation

/// `brewguide summary SESSION_ID`: one Waterline session's summary (PRD §9.9).
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Print the pacing summary of one night-out session.",
        discussion: """
            Totals, the waterline after each entry, the reminders that would have fired and the \
            pacing adherence, as docs/SESSIONS.md describes. Exit status 1 when the session is not \
            in the data or the sessions or preferences have errors; an unknown id lists the ids \
            there are. BREWGUIDE_NOW (ISO 8601) sets the moment an active session is measured to.
            """
    )

    enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
        case text, markdown, json
    }

    @Argument(help: "The session's id.")
    var sessionID: String

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text, markdown or json.")
    var format: OutputFormat = .text

    func run() throws {
        let result = DataDirectoryReader(root: dataOptions.data).read()
        let validated = result.validated
        let dataset = validated.dataset
        // Errors elsewhere (a recipe) do not stop a session summary; errors in sessions or settings do.
        let sessionsFolder = (dataOptions.data as NSString).appendingPathComponent(RecordKind.sessions.folderName)
        let preferencesFile = (dataOptions.data as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        let relevant = validated.diagnostics.filter {
            $0.severity == .error && ($0.location.file.hasPrefix(sessionsFolder) || $0.location.file == preferencesFile || $0.location.file == dataOptions.data)
        }
        if !relevant.isEmpty {
            StandardError.write(DiagnosticPrinter.text(relevant))
            StandardError.write("summary failed: the sessions have errors (run brewguide check)\n")
            throw ExitCode(1)
        }
        guard let session = dataset.sessions.first(where: { $0.value.id == sessionID })?.value else {
            throw CommandError(Self.unknownSessionMessage(sessionID, known: dataset.sessions.map(\.value.id), folder: sessionsFolder))
        }
        let presets = dataset.drinkPresetsByID
        var summary = SessionSummary(session: session, settings: dataset.waterline, presets: presets, now: RunClock.now())
        summary.timeZone = JournalTimeZone(identifier: dataset.preferences?.value.timeZone)
        switch format {
        case .text: print(SessionReport.text(summary, presets: presets), terminator: "")
        case .markdown: print(SessionReport.markdown(summary, presets: presets), terminator: "")
        case .json: print(SessionReport.json(summary), terminator: "")
        }
    }

    /// "no session with id "x" in Data/sessions (did you mean "y"?); sessions: a, b, c".
    static func unknownSessionMessage(_ id: String, known: [String], folder: String) -> String {
        var message = "no session with id \"\(id)\" in \(folder)"
        if let near = Suggestion.closestID(to: id, in: known) { message += " (did you mean \"\(near)\"?)" }
        if known.isEmpty {
            message += "; there are no sessions yet (brewguide session start begins one)"
        } else {
            message += "; sessions: \(known.sorted().joined(separator: ", "))"
        }
        return message
    }
}
