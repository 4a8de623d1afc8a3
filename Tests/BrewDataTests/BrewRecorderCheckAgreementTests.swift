import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A new brew is checked with the file it is added to and every file of the other kinds
/// (`BrewRecorder.CheckedLogs.changedFile`), not with every log file of the journal again. On
/// generated writes, bad and good, into the fixture journal's JSON and CSV log files and into a
/// new month, that check and the check of every log file (`.allFiles`) agree exactly: the same
/// refusal with the same findings and messages, or the same recording, warnings and notes.
@Suite("A brew checked with its own log file agrees with the whole journal's check")
struct BrewRecorderCheckAgreementTests {
    static let now = ISO8601DateFormatter().date(from: "2026-12-01T08:00:00Z")!

    /// What a check said: the refusal's lines, or what would be written and said.
    static func outcome(_ request: BrewRecorder.Request, root: String, data: DataDirectoryReader.Result,
                        checkedLogs: BrewRecorder.CheckedLogs) -> String {
        let zone = TimeZone(identifier: "Europe/London")!
        do {
            let recording = try BrewRecorder(root: root, checkedLogs: checkedLogs).record(request, data: data, now: now, localZone: zone)
            return (["recorded \(recording.log.id) in \(recording.logPath)", String(decoding: recording.logBytes, as: UTF8.self)]
                    + recording.warnings.map(\.description) + recording.notes).joined(separator: "\n")
        } catch {
            return (["refused: \(error.description)"] + error.findings.map(\.description)).joined(separator: "\n")
        }
    }

    /// A small deterministic generator (SplitMix64), so a failure names a seed that repeats it.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
    }

    /// A write from seed `seed`: every third one takes only good values (the first `good` of each
    /// pool: it is recorded unless its bag was roasted after its day), the others any value.
    static func request(seed: UInt64) -> BrewRecorder.Request {
        var random = Seeded(state: seed)
        let onlyGood = seed % 3 == 0
        func pick<T>(_ options: [T], good: Int) -> T {
            onlyGood ? options[Int(random.next() % UInt64(good))] : random.pick(options)
        }
        var request = BrewRecorder.Request(
            recipeId: pick(["v60-starter", "bright-morning", "no-such-recipe"], good: 2),
            rating: pick([4, 5, 1, 0, 7, -2], good: 3),
            tasteTag: pick([nil, "tooBitter", "perfect", "yuck"], good: 3),
            note: pick([nil, "fine", "a <b>bold</b> note"], good: 3),
            doseGrams: pick([nil, 18, 15.5, -3, 0, 5000], good: 3),
            targetYieldGrams: pick([nil, 300, 250, -1, 90000], good: 3),
            waterTemperatureCelsius: pick([nil, 94, 150, -10], good: 2),
            grindLabel: pick([nil, "medium", "fine", "superfine"], good: 3),
            // The fixture's JSON and CSV months, a month with no file yet; the future, long ago, unreadable.
            at: pick([nil, "2026-08-20T07:30:00Z", "2026-10-05T08:00:00Z", "2026-11-12T09:15:00Z", "2026-06-01T08:00:00Z",
                      "2026-11-02T08:00:00", "2033-01-01T08:00:00Z", "1999-01-01T08:00:00Z", "soon"], good: 6),
            brewTimeSeconds: pick([nil, 185, -5, 1e9], good: 2),
            tds: pick([nil, 1.35, 40, -1], good: 2),
            beanId: pick([nil, "bean-kenya-gichathaini", "bean-ethiopia-guji", "bean-nowhere", " bean-kenya-gichathaini "], good: 3))
        request.grinderSetting = pick([nil, "12", ""], good: 2)
        return request
    }

    @Test(arguments: 0..<4)
    func theOwnFileCheckSaysWhatTheWholeCheckSays(round: Int) throws {
        let root = TestPaths.temporary("brewguide-check-agreement")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: TestPaths.journal, to: root)
        if round > 0 {
            // A second bag's log that another file also names, and a log with an error of its
            // own in another file: findings outside the new record, which must stay out of it.
            let extra = """
                [{"id": "log-20260720-0700", "timestamp": "2026-07-20T07:00:00Z", "method": "v60", "recipeId": "v60-starter", "recipeNameAtBrew": "V60 Starter",
                  "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96, "grindLabel": "medium", "rating": \(round == 2 ? 9 : 4)}]
                """
            try extra.write(to: root.appendingPathComponent("logs/2026-07.json"), atomically: true, encoding: .utf8)
        }
        let data = DataDirectoryReader(root: root.path).read()
        var refused = 0, recorded = 0
        for index in 0..<60 {
            let seed = UInt64(round * 1_000 + index)
            let request = Self.request(seed: seed)
            let whole = Self.outcome(request, root: root.path, data: data, checkedLogs: .allFiles)
            let own = Self.outcome(request, root: root.path, data: data, checkedLogs: .changedFile)
            #expect(own == whole, "seed \(seed): the own-file check said\n\(own)\nthe whole check said\n\(whole)")
            if whole.hasPrefix("refused: ") { refused += 1 } else { recorded += 1 }
        }
        // Both kinds of answer were compared.
        #expect(refused > 10 && recorded > 0, "refused \(refused), recorded \(recorded)")
    }
}
