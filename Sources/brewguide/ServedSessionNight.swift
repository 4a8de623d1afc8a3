import BrewData
import BrewKit
import BrewServe
import BrewSite
import Foundation

/// `GET /_api/session/night` of `serve --edit`/`--lan`: what the night-out buttons need and the
/// built pages do not carry. The active session (its title, page and waterline), the drink
/// presets `session drink --preset` takes, and, with `?session=ID`, that session's entries with
/// their ids and values, for the page's edit and delete controls. Read from `sessions/` and
/// `preferences.json` only, as they are on disk now; the id is only looked up, never a path.
enum ServedSessionNight {
    static let path = "/_api/session/night"

    static func endpoint(root: String) -> ReadEndpoint {
        ReadEndpoint(path: path, knownFields: ["session"]) { query in
            await ServedForm.onOwnThread { answer(query["session"].flatMap(ServedForm.text), root: root, now: RunClock.now()) }
        }
    }

    /// The next time reminder of an active night (Waterline 10.3: every `timeReminderIntervalMinutes`
    /// from its start, as the summary counts them), for the page's countdown and banner; nil
    /// without reminders.
    static func nextReminder(_ session: Session, settings: WaterlineSettings, now: Date) -> (due: Date, minutes: Int)? {
        guard session.isActive, let minutes = settings.timeReminderIntervalMinutes, minutes > 0 else { return nil }
        let interval = Double(minutes) * 60
        let passed = max(0, now.timeIntervalSince(session.startTime))
        let count = (passed / interval).rounded(.down) + 1
        return (session.startTime.addingTimeInterval(count * interval), minutes)
    }

    static func answer(_ sessionID: String?, root: String, now: Date) -> ReadOutcome {
        let reader = DataDirectoryReader(root: root)
        var ignored: [Diagnostic] = []
        let files = reader.dataFilePaths(diagnostics: &ignored).filter { $0.kind == .sessions || $0.kind == .preferences }
            .map { DataDirectoryReader.parseFile(at: $0.path, kind: $0.kind) }
        let dataset = DatasetAssembler.assemble(files).dataset
        let preferences = dataset.preferences
        let zone = JournalTimeZone(identifier: preferences?.value.timeZone)
        let presets = dataset.drinkPresetsByID
        func summary(_ session: Session) -> SessionSummary {
            var summary = SessionSummary(session: session, settings: dataset.waterline, presets: presets, now: now)
            summary.timeZone = zone
            return summary
        }
        var object: [String: Any] = [
            "presets": dataset.drinkPresets.map { ["id": $0.value.id, "name": $0.value.name] },
            "types": DrinkType.allCases.map(\.rawValue),
            "units": dataset.waterline.units.rawValue,
        ]
        if let active = dataset.sessions.first(where: { $0.value.isActive })?.value {
            let shown = summary(active)
            object["active"] = [
                "id": active.id, "title": SessionText.title(shown), "page": page(active.id),
                "waterline": SessionText.position(shown.finalWaterline), "abandoned": shown.abandoned,
                "drinks": shown.timeline.filter { $0.entry.type == .alcohol }.count,
                "water": shown.timeline.filter { $0.entry.type == .water }.count,
            ].merging(nextReminder(active, settings: shown.settings, now: now).map { ["nextReminder": ISO8601.string(from: $0.due), "reminderMinutes": $0.minutes] } ?? [:]) { a, _ in a } as [String: Any]
        } else {
            object["active"] = NSNull()
        }
        if let sessionID {
            guard let session = dataset.sessions.first(where: { $0.value.id == sessionID })?.value else {
                return .notFound(errors: ["no session \"\(sessionID.prefix(80))\" in \(RecordKind.sessions.folderName)/"])
            }
            let shown = summary(session)
            object["session"] = [
                "id": session.id, "title": SessionText.title(shown), "page": page(session.id), "active": session.isActive,
                "entries": shown.timeline.map { entry($0, summary: shown, presets: presets) },
            ] as [String: Any]
        }
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return .found(json: json)
    }

    /// The site page of session `id`.
    static func page(_ id: String) -> String { "/sessions/\(id).html" }

    /// One entry as the page shows and edits it: its id, kind, clock time, the words the
    /// timeline uses, its moment as `--at` takes it in the journal's time zone, and each value
    /// as `session edit` takes it (absent when not given).
    static func entry(_ item: SessionSummary.TimelineItem, summary: SessionSummary, presets: [String: DrinkPreset]) -> [String: Any] {
        let local = summary.timeZone.local(item.entry.timestamp)
        var values: [String: Any] = [
            "id": item.entry.id, "kind": item.entry.type.rawValue, "time": local.clock,
            "at": "\(local.year)-\(two(local.month))-\(two(local.day))T\(local.clock)",
            "text": SessionText.describe(item, presets: presets, units: summary.settings.units),
            "waterline": SessionText.position(item.waterline),
        ]
        if let meta = item.entry.alcoholMeta {
            values["preset"] = meta.presetId
            values["type"] = meta.drinkType?.rawValue
            values["size"] = meta.size.map { volume($0, units: summary.settings.units) }
            values["abv"] = meta.abvPercent.map { number($0) }
            values["estimate"] = meta.standardDrinkEstimate.map { number($0) }
        }
        if let amount = item.entry.waterMeta?.amount { values["amount"] = volume(amount, units: summary.settings.units) }
        return values
    }

    /// A volume as `--size`/`--amount` take it: `473` (ml) or `12oz`; a bare amount in `units`.
    static func volume(_ volume: Volume, units: VolumeUnit) -> String {
        (volume.unit ?? units) == .oz ? number(volume.amount) + "oz" : number(volume.amount)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
