@testable import brewguide
import Foundation
import Testing

/// The progress line of a build on a terminal: what it says, when it appears, that it is
/// cleared, and that a build whose standard error is not a terminal never shows it.
@Suite("Progress line")
struct ProgressLineTests {
    /// What a line wrote, and a clock the test moves.
    final class Terminal: @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        private var nanoseconds: UInt64 = 0

        var output: [String] { lock.withLock { written } }
        func write(_ text: String) { lock.withLock { written.append(text) } }
        func now() -> UInt64 { lock.withLock { nanoseconds } }
        func advance(milliseconds: UInt64) { lock.withLock { nanoseconds += milliseconds * 1_000_000 } }

        func line() -> ProgressLine {
            ProgressLine(startNanoseconds: 0, clock: { self.now() }, write: { self.write($0) })
        }
    }

    @Test func theTextSaysPagesDoneRateAndTimeLeft() {
        #expect(ProgressLine.text(pagesDone: 41_201, pagesTotal: 110_460, secondsSinceFirstPage: 2)
            == "rendering 41,201 of 110,460 pages · 20,600 pages/s · 4 s left")
        #expect(ProgressLine.text(pagesDone: 1_001, pagesTotal: 200_000, secondsSinceFirstPage: 1)
            == "rendering 1,001 of 200,000 pages · 1,000 pages/s · 3 min 19 s left")
        // Too early to tell a rate.
        #expect(ProgressLine.text(pagesDone: 12, pagesTotal: 999, secondsSinceFirstPage: 0.1) == "rendering 12 of 999 pages")
        #expect(ProgressLine.grouped(0) == "0")
        #expect(ProgressLine.grouped(999) == "999")
        #expect(ProgressLine.grouped(1_000_000) == "1,000,000")
    }

    @Test func aBuildUnderASecondShowsNothing() {
        let terminal = Terminal()
        let line = terminal.line()
        for page in 1...500 {
            terminal.advance(milliseconds: 1)
            line.update(pagesDone: page, pagesTotal: 500)
        }
        line.clear()
        #expect(terminal.output.isEmpty)
    }

    @Test func aLongBuildRewritesTheLineInPlaceAndClearsIt() throws {
        let terminal = Terminal()
        let line = terminal.line()
        for page in 1...3_000 {
            terminal.advance(milliseconds: 1)
            line.update(pagesDone: page, pagesTotal: 3_000)
        }
        let drawn = terminal.output
        // From 1 s on, at most ten times a second: about twenty lines in the last two seconds.
        #expect((15...21).contains(drawn.count), "\(drawn.count) lines")
        #expect(drawn.allSatisfy { $0.hasPrefix("\r") && $0.hasSuffix(ProgressLine.eraseToEndOfLine) && !$0.contains("\n") })
        let last = try #require(drawn.last)
        #expect(last.contains("of 3,000 pages · 1,000 pages/s · 1 s left"), "\(last)")
        line.clear()
        #expect(terminal.output.last == "\r" + ProgressLine.eraseToEndOfLine)
        // A page reported after the end draws nothing more.
        terminal.advance(milliseconds: 500)
        line.update(pagesDone: 2_999, pagesTotal: 3_000)
        #expect(terminal.output.count == drawn.count + 1)
    }

    /// An import's stages: each says what it counts, and its rate is measured from its own start.
    @Test func eachStageCountsItsOwnThingsAtItsOwnRate() throws {
        let checking = ProgressLine.Counting(verb: "checking", noun: "records")
        #expect(ProgressLine.text(52_001, of: 101_013, checking, secondsSinceFirstReport: 2) == "checking 52,001 of 101,013 records · 26,000 records/s · 2 s left")
        #expect(ProgressLine.text(2, of: 4, .mergeSteps, secondsSinceFirstReport: 9) == "merging: 2 of 4 steps")
        let terminal = Terminal()
        let line = terminal.line()
        for record in stride(from: 0, through: 2_000, by: 100) {
            terminal.advance(milliseconds: 100)
            line.update(record, of: 2_000, checking)
        }
        // Writing: 20 records in half a second, 38 records/s counted from its own first report (not 7/s from the checking start).
        let writing = ProgressLine.Counting(verb: "writing", noun: "records")
        for record in 0...10 {
            terminal.advance(milliseconds: 50)
            line.update(record * 2, of: 2_000, writing)
        }
        let last = try #require(terminal.output.last)
        #expect(last.hasPrefix("\rwriting 20 of 2,000 records · 38 records/s"), "\(last)")
        line.clear()
    }

    @Test func notATerminalOrQuietMeansNoLine() {
        // The tests' standard error is not a terminal (swift test pipes it), and --quiet wins anyway.
        #expect(ProgressLine.forStandardError(quiet: true, startNanoseconds: 0) == nil)
        if isatty(STDERR_FILENO) == 0 {
            #expect(ProgressLine.forStandardError(quiet: false, startNanoseconds: 0) == nil)
        }
    }
}
