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
        let words = Self.text(index.files(packed: false).filter { $0.path.hasPrefix("search/words-") })
        #expect(words.contains(#""jammy":"0,3,3j""#), "gaps 0, 3 and 127")
        #expect(words.contains(#""clean":"~"#), "a word in most documents as bits")
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
            + "var words = \(index).words; console.log(JSON.stringify([0,1,2,3,4,5].map(function (n) { return searchDecode(words['w' + n]); })));"
        #expect(try JSONSerialization.jsonObject(with: Data(try Self.node(script).utf8)) as? [[Int]] == lists)
    }

    /// A note with `</script>`, quotes and a line separator cannot end the script or the string early.
    @Test(.enabled(if: KitchenSearchTests.node != nil, "node is not installed"))
    func noTextCanBreakTheFile() throws {
        let note = "</script><script>alert(\"x\")</script> it's \\ \u{2028} & done"
        var index = SiteSearchIndex()
        index.add(.brew, title: "Title \"quoted\" </script>", url: "logs/a.html", texts: [note], snippetFrom: [note])
        let files = index.files(packed: false)
        #expect(files.map(\.path).sorted() == ["search-index.js", "search/docs-0.js", "search/words-0.js"])
        let text = files.map { String(decoding: $0.contents, as: UTF8.self) }.joined()
        for written in [text, Self.text(index.files())] {
            #expect(!written.contains("<"), "no < at all: \(written)")
            #expect(!written.contains("\u{2028}"))
        }
        let printed = try Self.node("var window = {};\n" + text + "console.log(JSON.stringify([window.brewSearchDocs[0][0][1], window.brewSearchDocs[0][0][3]]));")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String])
        #expect(values == ["Title \"quoted\" </script>", SiteSearchIndex.cut(SiteSearchIndex.plain(note))])
    }

    /// Documents listed oldest first, the whole-word match after the others: the ranking, not the
    /// order, puts it first; equal matches newest first.
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
            + Self.text(Self.rankingIndex().files(packed: false))
            + KitchenScript.builtIn("search.js")
            + "console.log(JSON.stringify(\(String(decoding: try JSONSerialization.data(withJSONObject: queries), as: UTF8.self)).map(function (q) { return searchRank(window.brewSearchIndex, window.brewSearchWords, q).map(function (r) { return r.doc; }); })));"
        let ranked = try #require(try JSONSerialization.jsonObject(with: Data(try Self.node(script).utf8)) as? [[Int]])
        #expect(ranked == [
            [3, 2, 1, 0],  // whole words (newest first), then the start of a word, then inside one
            [2, 1, 0],  // both words; the one about Ethiopia is not "kenyan"
            [2, 1, 0],
            [3, 2, 1, 0],  // "jam" starts "jammy" and "jammyish" alike: newest first; inside "superjammy" last
            [3, 2, 1, 0],
            [],  // no document has both
            [],
            [],  // one letter is not a word
            [2, 1, 0],  // accents aside: a whole word in each, newest first
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
        #expect(brews.map(\.url) == plan.journal.logPaths.reversed().map { $0 + ".html" }, "the oldest first")
        for document in index.documents {
            #expect(pages[String(document.url.dropLast(".html".count))] != nil, "no page at \(document.url)")
        }
        let drawdown = try #require(plan.journal.logs.firstIndex { $0.note?.contains("drawdown") == true })
        #expect(index.postings["drawdown"]?.contains(index.documents.firstIndex { $0.url == plan.journal.logPaths[drawdown] + ".html" }!) == true)
        #expect(index.documents.contains { $0.kind == .cooked && $0.snippet == "again" })
        #expect(plan.feeds(siteTitle: "T", baseURL: nil).contains { $0.path == SiteSearchIndex.path }, "written with the other feeds")
    }

    /// What a words' or documents' file assigns: the bytes after its `] = `, before its `;`.
    static func assigned(_ file: [UInt8]) -> [UInt8]? {
        let marker = Array("] = ".utf8)
        guard let start = file.indices.first(where: { file[$0...].starts(with: marker) }), file.suffix(2) == Array(";\n".utf8) else { return nil }
        return Array(file[(start + marker.count)..<(file.count - 2)])
    }

    /// The JSON a packed words' or documents' file holds (its string, unpacked).
    static func unpacked(_ file: [UInt8]) -> [UInt8]? {
        guard let value = assigned(file), value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") else { return nil }
        return PackedSearchFiles.unpacked(Array(value.dropFirst().dropLast()))
    }

    /// Packed, each words' and documents' file holds the JSON of its plain twin, in a fraction of
    /// its bytes: here 6,000 brews whose notes are random words from 2,000 (which compress less
    /// than a person's sentences), their titles and pages as the site writes them.
    @Test func packedFilesHoldThePlainJSONInAFractionOfItsBytes() throws {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let vocabulary = (0..<2_000).map { number in String((0..<(3 + number % 7)).map { _ in Character(UnicodeScalar(UInt8(97 + next(26)))) }) }
        let recipes = ["V60 Starter", "Bright Morning", "Four-Pour Sweet", "Weekend Three-Pour", "Big Batch 30 g"]
        var index = SiteSearchIndex()
        for number in 0..<6_000 {
            let day = 1 + number / 200 % 28, hour = number / 10 % 20, minute = number * 7 % 60
            let note = (0..<(4 + next(10))).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")
            let recipe = recipes[next(recipes.count)]
            index.add(.brew, title: "\(recipe), Tue \(day) Dec 2024, \(hour):\(minute)", url: "logs/2024/12/log-202412\(day)-\(hour)\(minute)-\(number).html",
                      texts: [recipe, note], snippetFrom: [note])
        }
        let plain = Dictionary(uniqueKeysWithValues: index.files(packed: false).map { ($0.path, $0.contents) })
        let packed = Dictionary(uniqueKeysWithValues: index.files().map { ($0.path, $0.contents) })
        #expect(packed.keys.sorted() == plain.keys.sorted())
        #expect(packed[SiteSearchIndex.path] == plain[SiteSearchIndex.path], "the list of words stays plain")
        for (path, bytes) in plain where path != SiteSearchIndex.path {
            #expect(Self.unpacked(packed[path]!) == Self.assigned(bytes), "\(path) unpacks to its plain JSON")
        }
        let plainBytes = plain.values.reduce(0) { $0 + $1.count }, packedBytes = packed.values.reduce(0) { $0 + $1.count }
        #expect(packedBytes * 2 < plainBytes, "packed \(packedBytes) bytes of \(plainBytes)")
        #expect(Self.unpacked(Array("x[0] = \"not base64!\";\n".utf8)) == nil)
        #expect(Self.unpacked(Array("x[0] = \"bm90IGRlZmxhdGU=\";\n".utf8)) == nil, "base64, not deflate")
    }

    /// In the page's script, a packed file unpacks (`searchInflate`) to what its plain twin assigns.
    @Test(.enabled(if: KitchenSearchTests.node != nil, "node is not installed"))
    func thePageUnpacksWhatTheBuildPacked() throws {
        let index = Self.rankingIndex()
        let plain = Self.text(index.files(packed: false).filter { $0.path != SiteSearchIndex.path })
        let packed = Self.text(index.files().filter { $0.path != SiteSearchIndex.path })
        let script = "var document = { addEventListener: function () {} };\n" + KitchenScript.builtIn("search.js")
            + "var window = {};\n" + plain + "var plain = JSON.stringify([window.brewSearchWords, window.brewSearchDocs]);\n"
            + "window = {};\n" + packed
            + "Promise.all([searchInflate(window.brewSearchWords[0]), searchInflate(window.brewSearchDocs[0])]).then(function (values) {"
            + " console.log(JSON.stringify(JSON.stringify([{0: values[0]}, {0: values[1]}]) === plain)); });"
        #expect(try Self.node(script).trimmingCharacters(in: .whitespacesAndNewlines) == "true")
    }

    /// The files' text, one after the other.
    static func text(_ files: [OutputFile]) -> String {
        files.map { String(decoding: $0.contents, as: UTF8.self) }.joined()
    }

    /// A new brew takes the next number: a build after it changes the last file of documents, the
    /// words' files of its words (and the list of words only for a word new to it), and no other.
    @Test func aNewBrewChangesTheLastDocumentsFileAndItsWordsFilesOnly() throws {
        let root = try KindPagesTests.journal("search-new-brew")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A few thousand brews with notes from a small vocabulary, before the test journal's own.
        let vocabulary = ["jammy", "bright", "flat", "sweet", "bitter", "clean", "muddy", "floral", "kenya", "ethiopia", "washed", "natural",
                          "grind", "finer", "coarser", "bloom", "swirl", "drawdown", "long", "short", "tea", "like", "berry", "cocoa"]
            + (0..<300).map { "lot\($0)" }
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func log(_ number: Int, at timestamp: String, note: String) -> String {
            #"{ "id": "log-gen-\#(number)", "timestamp": "\#(timestamp)", "method": "v60", "recipeId": "v60-starter", "recipeNameAtBrew": "Starter", "# +
                #""doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": 4, "note": "\#(note)" }"#
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var logs: [String] = []
        for number in 0..<3_000 {
            // One every 40 minutes from 1 January 2025, oldest first.
            let minutes = number * 40, day = minutes / 1_440
            let timestamp = "2025-\(two(1 + day / 28))-\(two(1 + day % 28))T\(two(minutes / 60 % 24)):\(two(minutes % 60)):00Z"
            logs.append(log(number, at: timestamp, note: (0..<(3 + next(6))).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: " ")))
        }
        try Data("[\n\(logs.joined(separator: ",\n"))\n]\n".utf8).write(to: URL(fileURLWithPath: root).appendingPathComponent("logs/2025-generated.json"))
        func files() -> [String: [UInt8]] {
            Dictionary(uniqueKeysWithValues: Self.plan(root).searchIndex().files().map { ($0.path, $0.contents) })
        }
        let before = files()
        let wordShards = before.keys.filter { $0.hasPrefix("search/words-") }.count
        #expect(wordShards >= 2, "\(before.keys.sorted())")
        // The newest brew of all (after the test journal's cook logs too), its words ("starter" and
        // two of the note's) all in one words' file.
        let shard = SiteSearchIndex.wordShard("starter", of: wordShards)
        let noteWords = vocabulary.filter { SiteSearchIndex.wordShard($0, of: wordShards) == shard }.prefix(2)
        try #require(!noteWords.isEmpty)
        try Data("[\(log(3_000, at: "2026-11-24T20:00:00Z", note: "**\(noteWords.joined(separator: "**, "))."))]".utf8)
            .write(to: URL(fileURLWithPath: root).appendingPathComponent("logs/2026-11-new.json"))
        let after = files()
        let documentFiles = after.keys.filter { $0.hasPrefix("search/docs-") }.count
        #expect(documentFiles >= 4 && after.keys.sorted() == before.keys.sorted())
        let changed = after.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(changed == [SiteSearchIndex.shardPath(documentFiles - 1), SiteSearchIndex.wordShardPath(shard)].sorted(),
                "only the last documents' file and the words' file of the brew's words: \(changed)")
        let last = try #require(Self.unpacked(after[SiteSearchIndex.shardPath(documentFiles - 1)]!))
        #expect(String(decoding: last, as: UTF8.self).contains("log-gen-3000.html"))
    }

    /// The plan of the site made from `root`, its pages not rendered.
    static func plan(_ root: String) -> SitePlan {
        let validated = DataDirectoryReader(root: root).read().validated
        let (templates, _) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        return SiteBuilder(renderer: PageRenderer(templates: templates)).plan(validated, now: KindPagesTests.now)
    }

    /// What node printed running `script` (its standard error too: nothing when it runs).
    static func node(_ script: String) throws -> String {
        let run = try ToolRun.run(KitchenSearchTests.node!, ["-e", script])
        #expect(run.status == 0, "\(run.output)")
        return run.output
    }
}
