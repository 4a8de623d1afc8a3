import Foundation

/// Measures a save from the phone (issue 40): starts `brewguide serve --edit` on a copy of the
/// data, takes the key from what it prints, and posts brews to `/_api/log` at set moments after it
/// printed "watching" (the first build done) and then steadily later; each is timed from the POST
/// to the moment a GET of the `page` it answered is 200 and holds the brew's note. The moments
/// count from `built` (the first build is in place and served: a phone can save from then on) or,
/// with `from: .watching`, from the line after the staging copy.
struct ServedSaveProbe {
    let binary: String
    /// A fresh folder for the copy of the data, the site and what `serve` prints.
    let workFolder: String
    /// Seconds after "watching" to post the early saves at (each waits for the one before to appear).
    let earlyOffsetsSeconds: [Double]
    let laterSaves: Int
    /// The later saves start this long after "watching", each this long after the one before appeared.
    let laterStartSeconds: Double
    let laterGapSeconds: Double
    /// The round's number, in the notes, so that no two saves of a run carry the same text.
    let round: Int
    /// The line the saves' moments count from: `built` (the first build is served) or `watching`.
    var from = ServeStartLines.Moment.built
    var startTimeoutSeconds = 1800.0
    var saveTimeoutSeconds = 120.0
    /// How often the page is asked for while it is not there yet.
    var pollMicroseconds: UInt32 = 3_000

    struct Save: Codable, Sendable {
        /// `0.5 s`, `1 s`, … for the early saves, `later` for the others.
        var phase: String
        /// After the line the saves count from (`built` or `watching`).
        var postedAfterStartSeconds: Double
        /// From the POST to its 201.
        var answerSeconds: Double
        /// From the POST to the page answering 200 with the brew; nil when it never did.
        var pageSeconds: Double?
        var page: String
    }

    struct Result: Codable, Sendable {
        /// From starting `serve` to the line the saves count from (`built` or `watching`).
        var startedAfterSeconds: Double
        var saves: [Save]
        var serverPeakResidentBytes: Int?
    }

    func run(dataDirectory: String) throws -> Result {
        let data = workFolder + "/data"
        let site = workFolder + "/site"
        try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dataDirectory, toPath: data)
        let output = workFolder + "/serve.out"
        let server = ChildProcess([binary, "serve", "--edit", "--port", "0", "--data", data, "--output", site],
                                  standardOutputPath: output, standardErrorPath: workFolder + "/serve.err")
        try server.start()
        do {
            var result = try measure(server: server, output: output)
            result.serverPeakResidentBytes = server.stop()?.peakResidentBytes
            return result
        } catch {
            _ = server.stop()
            throw error
        }
    }

    private func measure(server: ChildProcess, output: String) throws -> Result {
        let startClock = MonotonicClock()
        var start: ServeStartLines?
        try waitUntil(timeout: startTimeoutSeconds, what: "serve's \"\(from.rawValue)\" line", pollMicroseconds: 1_000) {
            if server.poll() != nil { throw BenchError("serve ended early; see \(workFolder)/serve.err") }
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            start = ServeStartLines(output: printed)
            return start?.printed.contains(from) == true
        }
        let watching = MonotonicClock()
        guard let start, let port = start.port, let key = start.key else { throw BenchError("serve printed no address with a key; see \(output)") }
        let client = LoopbackHTTP(port: port)
        var saves: [Save] = []
        var moments = earlyOffsetsSeconds.map { (phase: Self.phaseName($0), offset: $0) }
        for number in 0..<laterSaves { moments.append(("later", laterStartSeconds + Double(number) * laterGapSeconds)) }
        var previousAppeared = 0.0
        for (number, moment) in moments.enumerated() {
            // The later saves come a gap after the one before appeared, as a person's saves would.
            let due = moment.phase == "later" ? max(moment.offset, previousAppeared + laterGapSeconds) : moment.offset
            while watching.elapsedSeconds < due { usleep(1_000) }
            if server.poll() != nil { throw BenchError("serve ended during the saves; see \(workFolder)/serve.err") }
            let marker = "benchsave\(round)n\(number)x\(MonotonicClock.nowNanoseconds() % 1_000_000_000)"
            let posted = watching.elapsedSeconds
            let clock = MonotonicClock()
            let answer = try client.post("/_api/log", fields: [
                ("recipe", "v60-starter"), ("rating", "4"), ("note", marker), ("idempotency", marker),
            ], headers: [("X-Brewguide-Key", key)])
            let answerSeconds = clock.elapsedSeconds
            guard answer.status == 201, let page = Self.page(inAnswer: answer.body) else {
                throw BenchError("POST /_api/log answered \(answer.status): \(answer.text.prefix(300))")
            }
            var appeared: Double?
            let markerBytes = Array(marker.utf8)
            try? waitUntil(timeout: saveTimeoutSeconds, what: "the page \(page)", pollMicroseconds: pollMicroseconds) {
                guard let got = try? client.get(page), got.status == 200, Self.contains(got.body, markerBytes) else { return false }
                appeared = clock.elapsedSeconds
                return true
            }
            previousAppeared = watching.elapsedSeconds
            saves.append(Save(phase: moment.phase, postedAfterStartSeconds: posted, answerSeconds: answerSeconds, pageSeconds: appeared, page: page))
        }
        return Result(startedAfterSeconds: startClock.elapsedSeconds - watching.elapsedSeconds, saves: saves, serverPeakResidentBytes: nil)
    }

    /// `0.5 s`, `1 s`, `12.5 s`.
    static func phaseName(_ seconds: Double) -> String {
        (seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) + " s"
    }

    /// The `page` of a 201's JSON body.
    static func page(inAnswer body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return object["page"] as? String
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private func waitUntil(timeout: Double, what: String, pollMicroseconds: UInt32, _ condition: () throws -> Bool) throws {
        let clock = MonotonicClock()
        while try !condition() {
            if clock.elapsedSeconds > timeout { throw BenchError("timed out after \(Int(timeout)) s waiting for \(what)") }
            usleep(pollMicroseconds)
        }
    }
}

/// What `serve --edit` prints before and after its first build: the port it listens on (from
/// `serving Site on http://127.0.0.1:PORT/`), the key (from the line with `?key=`), and which of
/// `built …` (the first build is done and served) and `watching …` (saves are rebuilt from now)
/// it printed.
struct ServeStartLines: Equatable {
    enum Moment: String, CaseIterable, Codable, Sendable {
        case built, watching
    }

    var port: UInt16?
    var key: String?
    var printed: Set<Moment> = []

    init(output: String) {
        for line in output.split(separator: "\n") {
            if line.hasPrefix("serving "), let range = line.range(of: "http://127.0.0.1:") {
                port = UInt16(line[range.upperBound...].prefix { $0.isNumber })
            }
            if let range = line.range(of: "?key=") {
                key = String(line[range.upperBound...].prefix { !$0.isWhitespace })
            }
            if line.hasPrefix("built ") { printed.insert(.built) }
            if line.hasPrefix("watching ") { printed.insert(.watching) }
        }
    }
}
