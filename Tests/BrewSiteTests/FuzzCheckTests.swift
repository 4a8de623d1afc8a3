import BrewData
import BrewKit
import BrewSite
import Foundation
import Testing
import TestSupport

/// A seeded fuzz of the JSON and CSV readers (issue 19, "Done when"): mutated copies of the
/// bundled `Data/` files (byte flips, truncations, huge numbers, far dates, long strings,
/// control characters, invalid UTF-8, byte order marks, duplicated and dropped rows), each
/// `check`ed in-process with a time limit, and, when the data checks clean, put through the
/// computations `build` sizes from data (statistics, brew plans and their charts, session
/// summaries and their charts, the feed). It asserts no crash (a crash ends the test run), no
/// hang, and that every finding is located in the file it names.
///
/// Beside the record folders (the kitchen's recipes and recorded pours among them), the inputs
/// read by readers of their own are fuzzed the same way (issue 24, `FuzzSurfaces`): the meal
/// planner's plan, snacks and shopping files, the kitchen's inbox, and Beanconqueror files given
/// to `import-brews`, where the promise is also that nothing written is rejected by `check`; and
/// the kitchen import's recipes, archives and photos (`FuzzKitchenImport`), where the promises are
/// also that no line printed holds a control character and no photo over the pixel budget is decoded.
///
/// Run longer by hand: `BREWGUIDE_FUZZ_COUNT=50000 BREWGUIDE_FUZZ_SEED=7 swift test
/// --disable-xctest --skip-build --filter FuzzCheckTests` (or `Scripts/fuzz.sh COUNT SEED`).
@Suite("Fuzzing check with mutated bundled data")
struct FuzzCheckTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = environment["BREWGUIDE_FUZZ_COUNT"].flatMap(Int.init) ?? 2_000
    static let seed = environment["BREWGUIDE_FUZZ_SEED"].flatMap(UInt64.init) ?? 19
    /// Generous for a debug build on a busy machine; a hang is minutes, not seconds.
    static let secondsPerInput = environment["BREWGUIDE_FUZZ_SECONDS"].flatMap(Double.init) ?? 30

    static let dataRoot = TestPaths.journal.path

    /// One data file as bundled, with what the reader made of it.
    struct Original: Sendable {
        var path: String
        var kind: RecordKind
        var bytes: [UInt8]
        var parsed: ParsedFile
    }

    static func originals() -> [Original] {
        var ignored: [Diagnostic] = []
        return DataDirectoryReader(root: dataRoot).dataFilePaths(diagnostics: &ignored).map { entry in
            let bytes = [UInt8](FileManager.default.contents(atPath: entry.path) ?? Data())
            return Original(path: entry.path, kind: entry.kind, bytes: bytes, parsed: RecordFileParser.parse(bytes, path: entry.path, kind: entry.kind))
        }
    }

    @Test func mutatedBundledDataNeverCrashesHangsOrMislocates() async throws {
        // The fuzz runs on a thread of its own, not on one of the few threads Swift's
        // concurrency shares among the tests running beside it (it blocks while an input runs).
        let report = await withCheckedContinuation { (continuation: CheckedContinuation<Report, Never>) in
            let thread = Thread { continuation.resume(returning: Self.fuzz()) }
            thread.start()
        }
        #expect(report.inputs == Self.count || !report.problems.isEmpty, "the bundled data was not found at \(Self.dataRoot)")
        for problem in report.problems.prefix(20) { Issue.record(Comment(rawValue: problem)) }
        #expect(report.problems.isEmpty, "\(report.problems.count) problems")
        print(report.summary)
    }

    struct Report: Sendable {
        var inputs = 0
        var problems: [String] = []
        var summary = ""
    }

    /// Checks `count` mutated inputs; a problem is a hang, or a finding that is not located in a
    /// data file, has no line or column, prints a control character or names a Swift type.
    static func fuzz() -> Report {
        var report = Report()
        let originals = Self.originals()
        guard originals.count >= 8 else { return report }
        let knownFiles = Set(originals.map(\.path)).union(["recipes", (Self.dataRoot as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)])
        var random = SplitMix64(seed: Self.seed)
        var tally: [Mutation: Int] = [:]
        var surfaceTally: [String: Int] = [:]
        var clean = 0
        let started = Date()
        let surfaces: FuzzSurfaces
        do {
            surfaces = try FuzzSurfaces(dataRoot: Self.dataRoot)
        } catch {
            report.problems.append("the scratch folders of the fuzz could not be made: \(error)")
            return report
        }
        let baseline = DatasetAssembler.assemble(originals.map(\.parsed)).dataset
        let known = knownFiles.union(surfaces.knownFiles)

        for index in 0..<Self.count {
            let target = Int(random.next() % UInt64(originals.count + surfaces.inputs.count))
            let mutation = Mutation.allCases[Int(random.next() % UInt64(Mutation.allCases.count))]
            tally[mutation, default: 0] += 1
            if target >= originals.count {
                // An input read by a reader of its own (the planner, the inbox, import-brews).
                let input = surfaces.inputs[target - originals.count]
                let bytes = mutation.apply(to: input.bytes, path: input.path, random: &random)
                let choice = random.next()
                surfaceTally[input.surface.rawValue, default: 0] += 1
                let name = "input \(index) (seed \(Self.seed), \(mutation) of \(input.surface.rawValue) \(input.path))"
                let work = Work { surfaces.run(input, bytes: bytes, dataset: baseline, random: choice) }
                report.inputs += 1
                guard let outcome = work.run(timeoutSeconds: Self.secondsPerInput) else {
                    report.problems.append("\(name) did not finish in \(Self.secondsPerInput) s")
                    break
                }
                report.problems += outcome.problems.map { "\(name): \($0)" }
                if !outcome.diagnostics.hasErrors { clean += 1 }
                report.problems += Self.mislocated(outcome.diagnostics, knownFiles: known).map { "\(name): \($0)" }
                continue
            }
            let bytes = mutation.apply(to: originals[target].bytes, path: originals[target].path, random: &random)
            surfaceTally["data", default: 0] += 1
            let original = originals[target]
            let name = "input \(index) (seed \(Self.seed), \(mutation) of \(original.path))"
            let work = Work {
                let parsed = RecordFileParser.parse(bytes, path: original.path, kind: original.kind)
                // The data set as `check` sees it, less the other log files: logs never refer to
                // each other across files, and leaving them out halves the time of an input.
                var files = originals.map(\.parsed)
                files[target] = parsed
                files = files.indices.filter { $0 == target || originals[$0].kind != .logs }.map { files[$0] }
                let (dataset, assembled) = DatasetAssembler.assemble(files)
                let validated = ValidatedDataset(dataset: dataset, readDiagnostics: assembled)
                if validated.blockingErrors.isEmpty { Self.buildComputations(validated) }
                return FuzzSurfaces.Outcome(diagnostics: validated.diagnostics)
            }
            report.inputs += 1
            guard let diagnostics = work.run(timeoutSeconds: Self.secondsPerInput)?.diagnostics else {
                report.problems.append("\(name) did not finish in \(Self.secondsPerInput) s")
                break  // The stuck thread cannot be stopped; later inputs would only wait on the machine.
            }
            if !diagnostics.hasErrors { clean += 1 }
            report.problems += Self.mislocated(diagnostics, knownFiles: knownFiles).map { "\(name): \($0)" }
        }
        try? FileManager.default.removeItem(atPath: (surfaces.plannerRoot as NSString).deletingLastPathComponent)
        let seconds = Date().timeIntervalSince(started)
        report.summary = "fuzz: \(report.inputs) inputs, seed \(Self.seed), \(clean) checked clean, \(String(format: "%.1f", seconds)) s; " +
            tally.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ") + "; inputs by reader: " +
            surfaceTally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return report
    }

    /// What is wrong with each finding: not located in a file the input could name, without a
    /// line or column, empty, printing a control character, or naming a Swift type.
    static func mislocated(_ diagnostics: [Diagnostic], knownFiles: Set<String>) -> [String] {
        var problems: [String] = []
        for diagnostic in diagnostics {
            let location = diagnostic.location
            var wrong: [String] = []
            if !knownFiles.contains(location.file) { wrong.append("not in a data file") }
            if !(location.isWholeFile || location.line >= 1) || (location.column ?? 1) < 1 { wrong.append("no line or column") }
            if diagnostic.message.isEmpty { wrong.append("no message") }
            if diagnostic.description.unicodeScalars.contains(where: ShownText.isControl) { wrong.append("a control character printed") }
            if diagnostic.message.contains("CSVError") || diagnostic.message.contains("cannotRead") { wrong.append("a Swift name") }
            if !wrong.isEmpty { problems.append("\(wrong.joined(separator: ", ")): \(diagnostic)") }
        }
        return problems
    }

    /// What `build` computes from the data before it renders: each was a crash or a hang.
    static func buildComputations(_ validated: ValidatedDataset) {
        let dataset = validated.dataset
        let logs = dataset.logs.map(\.value)
        _ = JournalStatistics(logs: logs)
        let invalid = validated.invalidRecipeReasons
        for recipe in dataset.recipes where invalid[recipe.value.id] == nil {
            if let plan = try? BrewPlanner.plan(recipe.value) { _ = TimelineChart.fragment(for: plan, id: recipe.value.id) }
        }
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for session in dataset.sessions {
            let summary = SessionSummary(session: session.value, settings: dataset.waterline, presets: dataset.drinkPresetsByID, now: now)
            _ = WaterlineChart.svg(summary, title: session.value.id)
        }
    }

    /// Runs a check on a thread of its own, so that a hang is reported instead of waited for.
    final class Work: @unchecked Sendable {
        private let body: @Sendable () -> FuzzSurfaces.Outcome
        private var result: FuzzSurfaces.Outcome?
        private let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () -> FuzzSurfaces.Outcome) { self.body = body }

        func run(timeoutSeconds: Double) -> FuzzSurfaces.Outcome? {
            let thread = Thread { [self] in
                // Below the other tests' threads (nice 10): the suite runs in parallel, and the
                // watch tests beside this one measure how promptly they stop and coalesce. (On
                // Linux `who` 0 is the calling thread only.)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                result = body()
                done.signal()
            }
            thread.stackSize = 16 << 20
            thread.start()
            guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
            return result
        }
    }
}

/// The ways an input is changed, each as the fault campaign of issue 19 did it.
enum Mutation: String, CaseIterable, Sendable {
    case flipBytes, truncate, hugeNumber, farDate, longString, controlCharacter, latin1Byte,
         byteOrderMark, duplicateRows, dropLine, deleteBytes, swapLines

    func apply(to original: [UInt8], path: String, random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        func position() -> Int { Int(random.next() % UInt64(bytes.count)) }
        let isCSV = path.hasSuffix(".csv")
        switch self {
        case .flipBytes:
            for _ in 0..<(1 + Int(random.next() % 4)) { bytes[position()] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8)) }
        case .truncate:
            bytes.removeSubrange(position()...)
        case .hugeNumber:
            let numbers = ["1e300", "-1e300", "1e15", "1e9", "9007199254740993", "-0", "0.0000001", "1e-300", "86401", "1001", "20001", "99999999999999999999"]
            let choice = numbers[Int(random.next() % UInt64(numbers.count))]
            let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
            guard !digits.isEmpty else { return bytes }
            var start = digits[Int(random.next() % UInt64(digits.count))]
            var end = start
            while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") { start -= 1 }
            while end + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end + 1]) || bytes[end + 1] == UInt8(ascii: ".") { end += 1 }
            bytes.replaceSubrange(start...end, with: Array(choice.utf8))
        case .farDate:
            let years = ["9999", "1999", "0001", "2099", "2000"]
            let year = Array(years[Int(random.next() % UInt64(years.count))].utf8)
            let starts = (0..<max(0, bytes.count - 5)).filter { bytes[$0] == UInt8(ascii: "2") && bytes[$0 + 1] == UInt8(ascii: "0") && bytes[$0 + 4] == UInt8(ascii: "-") }
            guard !starts.isEmpty else { return bytes }
            let at = starts[Int(random.next() % UInt64(starts.count))]
            bytes.replaceSubrange(at..<at + 4, with: year)
        case .longString:
            let units = ["x", "a\u{301}", "☕", "\"", ",", "\\\\", "<script>"]
            let unit = units[Int(random.next() % UInt64(units.count))]
            let length = [10, 501, 5_000, 50_000][Int(random.next() % 4)]
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: isCSV ? "," : "\"") }
            let at = quotes.isEmpty ? position() : quotes[Int(random.next() % UInt64(quotes.count))] + 1
            bytes.insert(contentsOf: Array(String(repeating: unit, count: length).utf8), at: at)
        case .controlCharacter:
            let controls: [[UInt8]] = [[0x1B, 0x5B, 0x33, 0x31, 0x6D], [0x07], [0x00], [0x0D], [0x7F], [0xC2, 0x85], Array("\\u001b]0;x\\u0007".utf8)]
            bytes.insert(contentsOf: controls[Int(random.next() % UInt64(controls.count))], at: position())
        case .latin1Byte:
            bytes.insert([0xE9, 0x80, 0xFF, 0xC3][Int(random.next() % 4)], at: position())
        case .byteOrderMark:
            bytes = random.next() % 4 == 0 ? [0xEF, 0xBB, 0xBF] : [0xEF, 0xBB, 0xBF] + bytes
        case .duplicateRows:
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard lines.count > 2 else { return bytes }
            let line = Int(random.next() % UInt64(lines.count - 1)) + 1
            let times = [1, 2, 50, 300][Int(random.next() % 4)]
            var result = Array(lines[..<line].joined(separator: [0x0A]))
            for _ in 0..<times { result += [0x0A] + Array(lines[line]) }
            result += [0x0A] + Array(lines[(line + 1)...].joined(separator: [0x0A]))
            bytes = result
        case .dropLine:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            lines.remove(at: Int(random.next() % UInt64(lines.count)))
            bytes = Array(lines.joined(separator: [0x0A]))
        case .deleteBytes:
            let at = position()
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
        case .swapLines:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard lines.count > 1 else { return bytes }
            lines.swapAt(Int(random.next() % UInt64(lines.count)), Int(random.next() % UInt64(lines.count)))
            bytes = Array(lines.joined(separator: [0x0A]))
        }
        return bytes
    }
}
