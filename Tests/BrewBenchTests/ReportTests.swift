import Testing
@testable import brewbench

struct ReportTests {
    @Test func readsTheBuildLineGenerically() {
        let line = "built Site: 11034 pages (22070 files) in 2871 ms [load and validate 94 ms, templates 4 ms, render 1458 ms, write 1310 ms]"
        let parsed = BuildLine(line: line)
        #expect(parsed.pages == 11_034)
        #expect(parsed.files == 22_070)
        #expect(parsed.totalMilliseconds == 2_871)
        #expect(parsed.stages.map(\.name) == ["load and validate", "templates", "render", "write"])
        #expect(parsed.stages.map(\.milliseconds) == [94, 4, 1458, 1310])
        let renamed = BuildLine(output: "note: x\nbuilt Out: 3 pages (6 files) in 9 ms [plan 1.5 ms, render and write 7 ms]\n")
        #expect(renamed?.stages == [.init(name: "plan", milliseconds: 1.5), .init(name: "render and write", milliseconds: 7)])
        #expect(BuildLine(output: "nothing here") == nil)
        let current = BuildLine(line: "built Site: 11046 pages, 22094 files written, 0 unchanged, 0 removed in 668 ms [read 36 ms, validate 11 ms, templates 4 ms, plan 12 ms, render and write 587 ms, swap 0 ms]")
        #expect(current.pages == 11_046)
        #expect(current.files == 22_094)
        #expect(current.totalMilliseconds == 668)
        #expect(current.stages.map(\.name) == ["read", "validate", "templates", "plan", "render and write", "swap"])
    }

    @Test func mediansOfOddAndEvenCounts() {
        #expect(median([3, 1, 2]) == 2)
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([]) == nil)
    }

    @Test func phaseMediansPerStage() {
        var phase = PhaseResult()
        for (wall, render) in [(1.0, 10.0), (3.0, 30.0), (2.0, 20.0)] {
            var sample = ProcessSample(ProcessMeasurement(wallSeconds: wall, userCPUSeconds: wall, systemCPUSeconds: 0, peakResidentBytes: 1, exitStatus: 0, standardOutput: ""))
            sample.stages = [.init(name: "render", milliseconds: render)]
            phase.samples.append(sample)
        }
        #expect(phase.medianWallSeconds == 2)
        #expect(phase.medianStages == [.init(name: "render", milliseconds: 20)])
        #expect(Shown.count(1_234_567) == "1,234,567")
    }
}

/// A run names the commit of the binary it timed (`--binary`), not of the tree it was run from.
@Suite struct TimedBinaryCommitTests {
    @Test func theCommitIsReadFromTheBinarysVersionLine() {
        #expect(MachineFacts.commit(inVersionLine: "brewguide 0.1.0 (commit c54290e21644, static Swift runtime)") == "c54290e21644")
        #expect(MachineFacts.commit(inVersionLine: "brewguide 0.1.0 (commit dd548e4f1154-modified, static Swift runtime)") == "dd548e4f1154-modified")
        #expect(MachineFacts.commit(inVersionLine: "brewguide 0.1.0 (commit 3cee8c9)") == "3cee8c9")
        #expect(MachineFacts.commit(inVersionLine: "brewguide 0.1.0") == nil)
        #expect(MachineFacts.commit(inVersionLine: "unknown") == nil)
    }
}
