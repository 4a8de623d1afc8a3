import BrewData
import BrewKit
import BrewSite
import Foundation

/// The line a long command shows on a terminal while it works: a build's
/// `rendering 41,200 of 110,460 pages · 21,300 pages/s · 4 s left`, an import's
/// `checking 52,000 of 101,013 records · …`, rewritten in place (`\r`) ten times a second and
/// cleared before the command's report is printed.
///
/// Shown only once the command has run for a second (a quick one prints nothing more than its
/// report), and only on a terminal: `forStandardError` gives none when standard error is a pipe
/// or a file, or with `--quiet`. The work only reports what it has done of what (`update`); this
/// type decides what is shown and when. A command of several stages (an import checks records,
/// then writes them) names each stage's count (`Counting`); the rate is measured from the
/// stage's first report.
final class ProgressLine: Sendable {
    /// How long a command runs before the line appears.
    static let delayNanoseconds: UInt64 = 1_000_000_000
    /// How often the line is rewritten at most.
    static let intervalNanoseconds: UInt64 = 100_000_000
    /// Erases from the cursor to the end of the line (ANSI "erase in line").
    static let eraseToEndOfLine = "\u{1B}[K"
    /// How long things are counted before a rate is shown.
    static let measuringSeconds = 0.5
    /// Set to 1, shows the line from the start and at every report instead of after
    /// `delayNanoseconds` and at most every `intervalNanoseconds`: for the tests that run a
    /// command under a pseudo-terminal with a journal too small to take a second.
    static let noDelayVariable = "BREWGUIDE_PROGRESS_AT_ONCE"

    /// What a stage counts: "rendering … pages", "checking … records"; a rate and the time left
    /// only for things counted by the hundred (not a merge's few steps).
    struct Counting: Hashable, Sendable {
        let verb: String
        let noun: String
        var showsRate = true
        /// The noun after a total of 1 ("of 1 brew"); nil: `noun`.
        var one: String?

        init(verb: String, noun: String, showsRate: Bool = true, one: String? = nil) {
            self.verb = verb
            self.noun = noun
            self.showsRate = showsRate
            self.one = one
        }

        static let pages = Counting(verb: "rendering", noun: "pages")
    }

    private let interval: UInt64
    private let clock: @Sendable () -> UInt64
    private let write: @Sendable (String) -> Void
    /// What the line has shown so far; the line is drawn while it is held, so draws never interleave.
    private let state: Locked<State>

    private struct State: Sendable {
        var nextDrawNanoseconds: UInt64
        /// The stage counted, and when its first report came: the rate is measured from there.
        var counting: Counting?
        var firstReportNanoseconds: UInt64 = 0
        var isShown = false
    }

    /// - Parameters:
    ///   - startNanoseconds: when the command started, on `clock`.
    ///   - delayNanoseconds: how long after the start the line may appear.
    ///   - intervalNanoseconds: how often it is rewritten at most.
    ///   - clock: monotonic nanoseconds.
    ///   - write: where the line goes.
    init(startNanoseconds: UInt64, delayNanoseconds: UInt64 = ProgressLine.delayNanoseconds,
         intervalNanoseconds: UInt64 = ProgressLine.intervalNanoseconds,
         clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
         write: @escaping @Sendable (String) -> Void) {
        self.interval = intervalNanoseconds
        self.clock = clock
        self.write = write
        self.state = Locked(State(nextDrawNanoseconds: startNanoseconds + delayNanoseconds))
    }

    /// A line on standard error, or nil when it is not a terminal or the command is `--quiet`.
    static func forStandardError(quiet: Bool, startNanoseconds: UInt64) -> ProgressLine? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        let atOnce = ProcessInfo.processInfo.environment[noDelayVariable] == "1"
        return ProgressLine(startNanoseconds: startNanoseconds, delayNanoseconds: atOnce ? 0 : delayNanoseconds,
                            intervalNanoseconds: atOnce ? 0 : intervalNanoseconds) { StandardError.write($0) }
    }

    /// What the renderer calls after each page (`SiteBuilder.Progress`).
    var progress: SiteBuilder.Progress {
        { [self] done, total in update(pagesDone: done, pagesTotal: total) }
    }

    func update(pagesDone: Int, pagesTotal: Int) {
        update(pagesDone, of: pagesTotal, .pages)
    }

    /// `done` of `total` things counted as `counting` says.
    func update(_ done: Int, of total: Int, _ counting: Counting) {
        let now = clock()
        state.withLock { state in
            if state.counting != counting {
                state.counting = counting
                state.firstReportNanoseconds = now
            }
            guard now >= state.nextDrawNanoseconds, done < total else { return }
            state.nextDrawNanoseconds = now + interval
            let seconds = Double(now - state.firstReportNanoseconds) / 1e9
            write("\r" + Self.text(done, of: total, counting, secondsSinceFirstReport: seconds) + Self.eraseToEndOfLine)
            state.isShown = true
        }
    }

    /// Takes the line away, if it was shown, leaving the cursor at the start of the empty line.
    /// - Parameter resumable: whether later reports may draw it again (a merge prints its report
    ///   and goes on writing); otherwise it stays away.
    func clear(resumable: Bool = false) {
        state.withLock { state in
            // A late report of finished work must not bring it back.
            if !resumable { state.nextDrawNanoseconds = .max }
            guard state.isShown else { return }
            write("\r" + Self.eraseToEndOfLine)
            state.isShown = false
        }
    }

    /// `rendering 41,200 of 110,460 pages · 21,300 pages/s · 4 s left`.
    static func text(pagesDone: Int, pagesTotal: Int, secondsSinceFirstPage seconds: Double) -> String {
        text(pagesDone, of: pagesTotal, .pages, secondsSinceFirstReport: seconds)
    }

    /// `checking 41,200 of 101,013 records · 21,300 records/s · 4 s left`; the rate and time left
    /// are left out for the first half second of a stage (`measuringSeconds`), too few to tell.
    static func text(_ done: Int, of total: Int, _ counting: Counting, secondsSinceFirstReport seconds: Double) -> String {
        var text = "\(counting.verb) \(grouped(done)) of \(grouped(total)) \(total == 1 ? counting.one ?? counting.noun : counting.noun)"
        guard counting.showsRate, done > 1, seconds >= measuringSeconds else { return text }
        let perSecond = Double(done - 1) / seconds
        text += " · \(grouped(Int(perSecond.rounded()))) \(counting.noun)/s"
        let secondsLeft = Int((Double(total - done) / perSecond).rounded(.up))
        text += " · " + (secondsLeft < 60 ? "\(secondsLeft) s left" : "\(secondsLeft / 60) min \(secondsLeft % 60) s left")
        return text
    }

    /// `110,460`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }
}

extension ProgressLine.Counting {
    /// A merge's steps: each data directory read, the merge, its check and writing.
    static let mergeSteps = ProgressLine.Counting(verb: "merging:", noun: "steps", showsRate: false)
}

extension WorkStage {
    /// What an import's line says of the stage.
    var counting: ProgressLine.Counting {
        switch self {
        case .checkingRecords: ProgressLine.Counting(verb: "checking", noun: "records")
        case .writingRecords: ProgressLine.Counting(verb: "writing", noun: "records")
        case .checkingBrews: ProgressLine.Counting(verb: "checking", noun: "brews", one: "brew")
        case .writingBrews: ProgressLine.Counting(verb: "writing", noun: "brews", one: "brew")
        }
    }
}

extension ProgressLine {
    /// What an import calls as it goes (`WorkProgress`).
    var workProgress: WorkProgress {
        { [self] stage, done, total in update(done, of: total, stage.counting) }
    }
}
