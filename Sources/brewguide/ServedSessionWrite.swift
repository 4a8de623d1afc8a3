import BrewData
import BrewKit
import BrewServe
import Foundation

/// The night-out writes of `serve --edit`/`--lan`: `POST /_api/session/start`, `/drink`, `/water`,
/// `/end`, `/edit` and `/delete`, with the fields of `brewguide session start|drink|water|end|edit|delete`
/// named as their long options (`entry` for the ENTRY_ID argument of `edit` and `delete`), through `SessionCommand.perform` (the same checks, the same lock, the same atomic
/// write). The answer's `said` is what the command prints: the waterline, any reminder or warning.
enum ServedSessionWrite {
    static let base = "/_api/session/"

    static func endpoints(root: String) -> [WriteEndpoint] {
        [
            endpoint("start", ["name", "at"], root: root) { form, now, tapped in
                let (at, note) = try moment(form, tapped: tapped, now: now, root: root, inNight: false)
                let outcome = try SessionCommand.perform(.start(name: ServedForm.text(form["name"]), at: at), data: root, now: now)
                return (outcome.session.id, SessionCommand.startLines(outcome) + note, outcome)
            },
            endpoint("drink", ["preset", "type", "size", "abv", "estimate", "at"], root: root) { form, now, tapped in
                let meta = try drinkMeta(form)
                let (at, note) = try moment(form, tapped: tapped, now: now, root: root, inNight: true)
                let outcome = try SessionCommand.perform(.drink(meta, at: at), data: root, now: now, source: .phone)
                return (outcome.entryID ?? outcome.session.id, SessionCommand.reportLines(outcome, now: now) + note, outcome)
            },
            endpoint("water", ["amount", "at"], root: root) { form, now, tapped in
                let volume = try ServedForm.text(form["amount"]).map { try SessionCommand.volume($0, option: "--amount") }
                let (at, note) = try moment(form, tapped: tapped, now: now, root: root, inNight: true)
                let outcome = try SessionCommand.perform(.water(amount: volume, at: at), data: root, now: now, source: .phone)
                return (outcome.entryID ?? outcome.session.id, SessionCommand.reportLines(outcome, now: now) + note, outcome)
            },
            endpoint("end", ["at"], root: root) { form, now, tapped in
                let (at, note) = try moment(form, tapped: tapped, now: now, root: root, inNight: true)
                let outcome = try SessionCommand.perform(.end(at: at), data: root, now: now)
                return (outcome.session.id, SessionCommand.endLines(outcome, now: now) + note, outcome)
            },
            endpoint("edit", ["entry", "session", "at", "preset", "type", "size", "abv", "estimate", "amount"], root: root) { form, now, _ in
                let entry = try entryID(form)
                let change = SessionCommand.change(at: try ServedForm.text(form["at"]).map { try SessionCommand.moment($0, now: now, data: root) },
                                                   drink: try drinkMeta(form),
                                                   amount: try ServedForm.text(form["amount"]).map { try SessionCommand.volume($0, option: "--amount") })
                let outcome = try SessionCommand.perform(.editEntry(id: entry, session: ServedForm.text(form["session"]), change: change), data: root, now: now)
                return (entry, SessionCommand.editLines(outcome, entryID: entry, now: now), outcome)
            },
            endpoint("delete", ["entry", "session"], root: root) { form, now, _ in
                let entry = try entryID(form)
                let outcome = try SessionCommand.perform(.deleteEntry(id: entry, session: ServedForm.text(form["session"])), data: root, now: now)
                return (entry, SessionCommand.deleteLines(outcome, entryID: entry, now: now), outcome)
            },
        ]
    }

    /// A drink's details as `DrinkOptions.meta()` reads them from `--preset`, `--type`, `--size`, `--abv`, `--estimate`.
    private static func drinkMeta(_ form: [String: String]) throws -> AlcoholMeta {
        AlcoholMeta(drinkType: try ServedForm.text(form["type"]).map(SessionCommand.drinkType),
                    size: try ServedForm.text(form["size"]).map { try SessionCommand.volume($0, option: "--size") },
                    abvPercent: try ServedForm.number(form["abv"], option: "--abv"), standardDrinkEstimate: try ServedForm.number(form["estimate"], option: "--estimate"),
                    presetId: ServedForm.text(form["preset"]))
    }

    /// When a start, drink, water or end happened: the form's `at` as `session --at` reads it;
    /// without one, the time of the tap (`TapTime`: not after now, and in a night not before it
    /// started), with a line saying so when it was changed; without either, now.
    static func moment(_ form: [String: String], tapped context: WriteContext, now: Date, root: String, inNight: Bool) throws -> (Date, [String]) {
        if let at = ServedForm.text(form["at"]) { return (try SessionCommand.moment(at, now: now, data: root), []) }
        guard let tapped = ServedForm.text(context.tapped) else { return (now, []) }
        let zone = ServedForm.journalZone(root)
        let start = inNight ? activeNightStart(root: root) : nil
        let resolved = TapTime.resolve(tapped: tapped, sent: ServedForm.text(context.sent), now: now, notBefore: start, zone: zone)
        return (resolved.date, resolved.note.map { ["The time: \($0)."] } ?? [])
    }

    /// When the active night started, as `sessions/` says now; nil when no night is active.
    static func activeNightStart(root: String) -> Date? {
        let reader = DataDirectoryReader(root: root)
        var ignored: [Diagnostic] = []
        let files = reader.dataFilePaths(diagnostics: &ignored).filter { $0.kind == .sessions }.map { DataDirectoryReader.parseFile(at: $0.path, kind: $0.kind) }
        let dataset = DatasetAssembler.assemble(files).dataset
        return dataset.sessions.first { $0.value.isActive }?.value.startTime
    }

    /// `entry`: the ENTRY_ID argument of `session edit|delete`.
    private static func entryID(_ form: [String: String]) throws -> String {
        guard let id = ServedForm.text(form["entry"]) else {
            throw CommandError("entry: the entry's id is missing (as brewguide session edit ENTRY_ID takes; the timeline and every session command print it)")
        }
        return id
    }

    private typealias Perform = @Sendable ([String: String], Date, WriteContext) throws -> (id: String, lines: [String], outcome: SessionLogger.Outcome)

    private static func endpoint(_ name: String, _ fields: Set<String>, root: String, perform: @escaping Perform) -> WriteEndpoint {
        WriteEndpoint(path: base + name, knownFields: fields) { form, context in
            await ServedForm.onOwnThread {
                let peer = context.peerAddress ?? "a browser"
                do {
                    let (id, lines, outcome) = try perform(form, RunClock.now(), context)
                    let warnings = DiagnosticPrinter.text(outcome.warnings).split(separator: "\n").map(String.init)
                    print("from \(peer): session \(name): " + lines.joined(separator: "; "))
                    fflush(nil)
                    return .done(id: id, said: lines + warnings)
                } catch {
                    return ServedForm.refusal(for: error)
                }
            }
        }
    }
}
