import BrewKit
import BrewSite
import Foundation

/// The line a build shows on a terminal while it renders pages:
/// `rendering 41,200 of 110,460 pages · 21,300 pages/s · 4 s left`, rewritten in place (`\r`)
/// ten times a second and cleared before the build's report is printed.
///
/// Shown only once the build has run for a second (a quick build prints nothing more than its
/// report), and only on a terminal: `forStandardError` gives none when standard error is a pipe
/// or a file, or with `--quiet`. The renderer only reports pages done (`SiteBuilder.Progress`);
/// this type decides what is shown and when.
final class ProgressLine: Sendable {
    /// How long a build runs before the line appears.
    static let delayNanoseconds: UInt64 = 1_000_000_000
    /// How often the line is rewritten at most.
    static let intervalNanoseconds: UInt64 = 100_000_000
    /// Erases from the cursor to the end of the line (ANSI "erase in line").
    static let eraseToEndOfLine = "\u{1B}[K"
    /// How long pages are counted before a rate is shown.
    static let measuringSeconds = 0.5

    private let clock: @Sendable () -> UInt64
    private let write: @Sendable (String) -> Void
    /// What the line has shown so far; the line is drawn while it is held, so draws never interleave.
    private let state: Locked<State>

    private struct State: Sendable {
        var nextDrawNanoseconds: UInt64
        /// When the first page was reported: the rate is measured from there.
        var firstPageNanoseconds: UInt64?
        var isShown = false
    }

    /// - Parameters:
    ///   - startNanoseconds: when the build started, on `clock`.
    ///   - clock: monotonic nanoseconds.
    ///   - write: where the line goes.
    init(startNanoseconds: UInt64, clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
         write: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.write = write
        self.state = Locked(State(nextDrawNanoseconds: startNanoseconds + Self.delayNanoseconds))
    }

    /// A line on standard error, or nil when it is not a terminal or the command is `--quiet`.
    static func forStandardError(quiet: Bool, startNanoseconds: UInt64) -> ProgressLine? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        return ProgressLine(startNanoseconds: startNanoseconds) { StandardError.write($0) }
    }

    /// What the renderer calls after each page (`SiteBuilder.Progress`).
    var progress: SiteBuilder.Progress {
        { [self] done, total in update(pagesDone: done, pagesTotal: total) }
    }

    func update(pagesDone: Int, pagesTotal: Int) {
        let now = clock()
        state.withLock { state in
            let first = state.firstPageNanoseconds ?? now
            if state.firstPageNanoseconds == nil { state.firstPageNanoseconds = now }
            guard now >= state.nextDrawNanoseconds, pagesDone < pagesTotal else { return }
            state.nextDrawNanoseconds = now + Self.intervalNanoseconds
            let seconds = Double(now - first) / 1e9
            write("\r" + Self.text(pagesDone: pagesDone, pagesTotal: pagesTotal, secondsSinceFirstPage: seconds) + Self.eraseToEndOfLine)
            state.isShown = true
        }
    }

    /// Takes the line away, if it was shown, leaving the cursor at the start of the empty line.
    func clear() {
        state.withLock { state in
            // No line is drawn after this: a late page of a finished render must not bring it back.
            state.nextDrawNanoseconds = .max
            guard state.isShown else { return }
            write("\r" + Self.eraseToEndOfLine)
            state.isShown = false
        }
    }

    /// `rendering 41,200 of 110,460 pages · 21,300 pages/s · 4 s left`; the rate and time left
    /// are left out for the first half second of pages (`measuringSeconds`), too few to tell.
    static func text(pagesDone: Int, pagesTotal: Int, secondsSinceFirstPage seconds: Double) -> String {
        var text = "rendering \(grouped(pagesDone)) of \(grouped(pagesTotal)) pages"
        guard pagesDone > 1, seconds >= measuringSeconds else { return text }
        let pagesPerSecond = Double(pagesDone - 1) / seconds
        text += " · \(grouped(Int(pagesPerSecond.rounded()))) pages/s"
        let secondsLeft = Int((Double(pagesTotal - pagesDone) / pagesPerSecond).rounded(.up))
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
