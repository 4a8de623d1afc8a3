import Foundation
import Testing
@testable import brewbench

/// `brewbench saves`: what it reads of `serve`'s output and of the answers, and how it sums the saves up.
struct SavesTests {
    @Test func readsThePortTheKeyAndTheLinesOfServe() {
        let output = """
            serving Site on http://127.0.0.1:43289/
            open on this machine to record brews: http://127.0.0.1:43289/?key=c6OGSrew_rr5TExOfR1zhu_eP0EbYlJ0
            listening on 127.0.0.1:43289; every brew saved is printed here
            built Site: 11107 pages, 22218 files written, 0 unchanged, 0 removed in 4558 ms [read 415 ms]

            """
        let lines = ServeStartLines(output: output)
        #expect(lines.port == 43_289)
        #expect(lines.key == "c6OGSrew_rr5TExOfR1zhu_eP0EbYlJ0")
        #expect(lines.printed == [.built])
        #expect(ServeStartLines(output: output + "watching Data (inotify); press Ctrl-C to stop\n").printed == [.built, .watching])
        #expect(ServeStartLines(output: "serving Site on http://127.0.0.1:8000/\n").key == nil)
    }

    @Test func readsAnAnswerUpToItsLength() throws {
        let bytes = Array("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"page\": \"/a\"}extra".utf8)
        let answer = try #require(LoopbackHTTP.answer(bytes))
        #expect(answer.answer.status == 201)
        #expect(answer.answer.headers["content-type"] == "application/json")
        #expect(answer.answer.text == "{\"page\": \"/a\"}")
        #expect(ServedSaveProbe.page(inAnswer: answer.answer.body) == "/a")
        #expect(LoopbackHTTP.answer(Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n".utf8)) == nil, "the head is not complete")
        #expect(LoopbackHTTP.formEncoded([("note", "a b&c=ü"), ("rating", "4")]) == "note=a%20b%26c%3D%C3%BC&rating=4")
        #expect(ServedSaveProbe.contains(Array("xxbenchsave1n2yy".utf8), Array("benchsave1n2".utf8)))
        #expect(!ServedSaveProbe.contains(Array("benchsave1n".utf8), Array("benchsave1n2".utf8)))
    }

    @Test func phasesKeepTheirOrderWithMediansMaximaAndMissingSaves() {
        func save(_ phase: String, _ page: Double?, answer: Double = 0.1) -> ServedSaveProbe.Save {
            ServedSaveProbe.Save(phase: phase, postedAfterStartSeconds: 0, answerSeconds: answer, pageSeconds: page, page: "/p")
        }
        let summaries = SavePhaseSummary.summaries(of: [save("0.5 s", 0.2), save("later", 0.1), save("0.5 s", 0.4), save("later", nil), save("later", 0.3)])
        #expect(summaries.map(\.phase) == ["0.5 s", "later"])
        #expect(summaries[0].saves == 2 && summaries[0].missing == 0)
        #expect(abs((summaries[0].medianMilliseconds ?? 0) - 300) < 1e-9 && abs((summaries[0].maximumMilliseconds ?? 0) - 400) < 1e-9)
        #expect(summaries[1].saves == 3 && summaries[1].missing == 1)
        #expect(abs((summaries[1].maximumMilliseconds ?? 0) - 300) < 1e-9)
        let table = SavePhaseSummary.markdown(summaries, targetMilliseconds: 300)
        #expect(table.contains("| 0.5 s | 2 | 300 | 400 | 100 | missed |"))
        #expect(table.contains("| later | 3 | 200 | 300 | 100 | missed (1 never shown) |"))
        #expect(SavePhaseSummary.markdown([summaries[0]], targetMilliseconds: 400).contains("| holds |"))
        #expect(ServedSaveProbe.phaseName(0.5) == "0.5 s" && ServedSaveProbe.phaseName(2) == "2 s")
    }
}
