@testable import BrewSite
import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// The site's search index (`search-index.js`) and the ranking the search box runs on it
/// (`searchRank` in assets/search.js, run by node where the machine has it).
@Suite struct SiteSearchIndexTests {
    @Test func wordsAreFoldedLowerCasedAtLeastTwoCharactersAndEachOnce() {
        #expect(SearchWords.of("Jammy KENYAN, a jammy cup — 2 x V60!") == ["jammy", "kenyan", "cup", "v60"])
        #expect(SearchWords.of("Crème brûlée à la Lök") == ["creme", "brulee", "la", "lok"])
        #expect(SearchWords.of("") == [])
    }

    @Test func eachWordListsItsDocumentsAsGapsInBase36OrAsBits() {
        var index = SiteSearchIndex()
        for number in 0..<140 {
            index.add(.brew, title: "Brew \(number)", url: "logs/\(number).html", texts: [number == 0 || number == 3 || number == 130 ? "jammy" : "clean"], snippetFrom: [])
        }
        #expect(index.postings["jammy"] == [0, 3, 130])
        #expect(index.wordsJSON().contains(#""jammy":"0,3,3j""#), "gaps 0, 3 and 127")
        #expect(index.wordsJSON().contains(#""clean":"~"#), "a word in most documents as bits")
        #expect(index.postings["brew"] == nil, "a title's words only when they are among the texts")
    }

    @Test func snippetsArePlainAndCut() {
        var index = SiteSearchIndex()
        index.add(.brew, title: "A", url: "a.html", texts: [], snippetFrom: [nil, "", "**Jammy** and _sweet_,\n\n- finer grind"])
        index.add(.brew, title: "B", url: "b.html", texts: [], snippetFrom: [String(repeating: "word ", count: 40)])
        #expect(index.documents[0].snippet == "Jammy and sweet, finer grind")
        #expect(index.documents[1].snippet.count <= SiteSearchIndex.snippetCharacters)
        #expect(index.documents[1].snippet.hasSuffix("word…"))
    }

    /// Both ways of writing a word's documents give them back in the page's script.
    @Test(.enabled(if: KitchenSearchTests.node != nil, "node is not installed"))
    func gapsAndBitsReadBackTheSameDocuments() throws {
        let lists = [[0], [5], [0, 3, 130], Array(0..<40), Array(stride(from: 1, to: 3_000, by: 2)), [6, 7, 11, 12, 2_000]]
        var words: [String: String] = [:]
        for (number, list) in lists.enumerated() { words["w\(number)"] = SiteSearchIndex.encoded(list) }
        #expect(words["w3"]!.hasPrefix("~") && words["w4"]!.hasPrefix("~") && !words["w2"]!.hasPrefix("~"))
        let index = String(decoding: try JSONSerialization.data(withJSONObject: ["words": words]), as: UTF8.self)
        let script = "var document = { addEventListener: function () {} };\n" + KitchenScript.builtIn("search.js")
            + "var index = \(index); console.log(JSON.stringify([0,1,2,3,4,5].map(function (n) { return searchPostings(index, 'w' + n); })));"
        #expect(try JSONSerialization.jsonObject(with: Data(try Self.node(script).utf8)) as? [[Int]] == lists)
    }

    /// A note with `</script>`, quotes and a line separator cannot end the script or the string early.
    @Test(.enabled(if: KitchenSearchTests.node != nil, "node is not installed"))
    func noTextCanBreakTheFile() throws {
        let note = "</script><script>alert(\"x\")</script> it's \\ \u{2028} & done"
        var index = SiteSearchIndex()
        index.add(.brew, title: "Title \"quoted\" </script>", url: "logs/a.html", texts: [note], snippetFrom: [note])
        let files = index.files()
        #expect(files.map(\.path) == ["search-index.js", "search/docs-0.js"])
        let text = files.map { String(decoding: $0.contents, as: UTF8.self) }.joined()
        #expect(!text.contains("<"), "no < at all: \(text)")
        #expect(!text.contains("\u{2028}"))
        let printed = try Self.node("var window = {};\n" + text + "console.log(JSON.stringify([window.brewSearchDocs[0][0][1], window.brewSearchDocs[0][0][3]]));")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String])
        #expect(values == ["Title \"quoted\" </script>", SiteSearchIndex.cut(SiteSearchIndex.plain(note))])
    }

    /// Documents listed with the whole-word match last: the ranking, not the order, puts it first.
    static func rankingIndex() -> SiteSearchIndex {
        var index = SiteSearchIndex()
        index.add(.brew, title: "contains", url: "0.html", texts: ["superjammy kenyan"], snippetFrom: [])
        index.add(.brew, title: "prefix", url: "1.html", texts: ["jammyish kenyan"], snippetFrom: [])
        index.add(.brew, title: "whole", url: "2.html", texts: ["Jammy Kenyan"], snippetFrom: [])
        index.add(.brew, title: "jammy only", url: "3.html", texts: ["jammy ethiopia"], snippetFrom: [])
        index.add(.kitchenRecipe, title: "none", url: "4.html", texts: ["lentil soup"], snippetFrom: [])
        return index
    }

    @Test(.enabled(if: KitchenSearchTests.node != nil, "node is not installed"))
    func wholeWordsRankBeforeStartsBeforeContainsAndEveryWordMustMatch() throws {
        let queries = ["jammy", "jammy kenyan", "KENYAN jammy", "jam", "ammy", "jammy lentil", "", "a", "Kényan"]
        let script = "var window = {}, document = { addEventListener: function () {} };\n"
            + String(decoding: Self.rankingIndex().files()[0].contents, as: UTF8.self)
            + KitchenScript.builtIn("search.js")
            + "console.log(JSON.stringify(\(String(decoding: try JSONSerialization.data(withJSONObject: queries), as: UTF8.self)).map(function (q) { return searchRank(window.brewSearchIndex, q).map(function (r) { return r.doc; }); })));"
        let ranked = try #require(try JSONSerialization.jsonObject(with: Data(try Self.node(script).utf8)) as? [[Int]])
        #expect(ranked == [
            [2, 3, 1, 0],  // whole words (in index order), then the start of a word, then inside one
            [2, 1, 0],  // both words; the one about Ethiopia is not "kenyan"
            [2, 1, 0],
            [1, 2, 3, 0],  // "jam" starts "jammy" and "jammyish" alike: index order; inside "superjammy" last
            [0, 1, 2, 3],
            [],  // no document has both
            [],
            [],  // one letter is not a word
            [0, 1, 2],  // accents aside: a whole word in each
        ])
    }

    /// From the test journal: every kind of document, each brew's page where the site puts it.
    @Test func theTestJournalsIndexCoversEveryKindAndLinksEachPage() throws {
        let root = try KindPagesTests.journal("search-index")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (plan, pages) = KindPagesTests.site(root)
        let index = plan.searchIndex()
        let kinds = Set(index.documents.map(\.kind))
        #expect(kinds == Set(SiteSearchIndex.Kind.allCases), "\(kinds)")
        let brews = index.documents.filter { $0.kind == .brew }
        #expect(brews.count == plan.journal.logs.count)
        #expect(brews.map(\.url) == plan.journal.logPaths.map { $0 + ".html" })
        for document in index.documents {
            #expect(pages[String(document.url.dropLast(".html".count))] != nil, "no page at \(document.url)")
        }
        let drawdown = try #require(plan.journal.logs.firstIndex { $0.note?.contains("drawdown") == true })
        #expect(index.postings["drawdown"]?.contains(index.documents.firstIndex { $0.url == plan.journal.logPaths[drawdown] + ".html" }!) == true)
        #expect(index.documents.contains { $0.kind == .cooked && $0.snippet == "again" })
        #expect(plan.feeds(siteTitle: "T", baseURL: nil).contains { $0.path == SiteSearchIndex.path }, "written with the other feeds")
    }

    /// What node printed running `script` (its standard error too: nothing when it runs).
    static func node(_ script: String) throws -> String {
        let run = try ToolRun.run(KitchenSearchTests.node!, ["-e", script])
        #expect(run.status == 0, "\(run.output)")
        return run.output
    }
}
