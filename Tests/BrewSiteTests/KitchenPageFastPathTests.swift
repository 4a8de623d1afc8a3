import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// The kitchen pages' shortcuts (issue 29) write what the Foundation calls they replaced wrote:
/// the search index as `JSONSerialization` with sorted keys, `<script>`-safe JSON, timer names.
@Suite struct KitchenPageFastPathTests {
    static let idPieces = ["kitchen", "-", "_", "1", "2", "9", "10", "010", "100", "a", "B", "z", "Z", "soup", "Soup", "ä", "x"]
    static let textPieces = ["plain", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "<", ">", "&", "\u{2028}", "\u{2029}", "–", "·", "½", "🍝", "é"]

    static func pick(_ pieces: [String], _ random: inout SplitMix64, upTo count: UInt64) -> String {
        (0..<Int(1 + random.next() % count)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func theSearchIndexIsWhatJSONSerializationWrote() throws {
        var random = SplitMix64(seed: 29)
        for _ in 0..<200 {
            var index: [String: String] = [:]
            for _ in 0..<Int(random.next() % 30) {
                index[Self.pick(Self.idPieces, &random, upTo: 5)] = Self.pick(Self.textPieces, &random, upTo: 8)
            }
            let data = try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(KitchenPages.searchIndexJSON(index) == String(decoding: data, as: UTF8.self), "\(index)")
        }
        // The synthetic kitchen's ids: numbers compared as numbers.
        let ids = (1...120).map { "kitchen-\($0)" }
        #expect(KitchenPages.jsonKeyOrder(ids.reversed()) == ids)
    }

    @Test func scriptSafeJSONIsTheEscapedText() {
        var random = SplitMix64(seed: 2028)
        for _ in 0..<2_000 {
            let text = Self.pick(Self.textPieces + ["\u{2027}", "\u{20AC}", "a"], &random, upTo: 10)
            #expect(HTMLEscaping.scriptSafeJSON(text) == HTMLEscaping.escapingScriptUnsafe(text), "\(text.debugDescription)")
        }
        #expect(HTMLEscaping.scriptSafeJSON("2–3 cloves") == "2–3 cloves")
        #expect(HTMLEscaping.scriptSafeJSON("a\u{2028}b</script>") == "a\\u2028b\\u003c/script\\u003e")
    }

    @Test func aTimersNameIsItsFirstFiveWords() {
        var random = SplitMix64(seed: 5)
        let pieces = ["Stir", "the", "sauce", ",", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{2003}", "é", "10"]
        let asciiPieces = pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        var shortcuts = 0
        for round in 0..<4_000 {
            // Half the texts ASCII only, which the byte reader takes (`asciiTimerStart`).
            let text = Self.pick(round % 2 == 0 ? asciiPieces : pieces, &random, upTo: 16)
            let words = text.split(whereSeparator: \.isWhitespace)
            let expected = "Step 3: " + words.prefix(5).joined(separator: " ") + (words.count > 5 ? "…" : "")
            #expect(KitchenHTML.timerName(number: 3, text: text) == expected, "\(text.debugDescription)")
            if KitchenHTML.asciiTimerStart(text) != nil { shortcuts += 1 }
        }
        #expect(shortcuts >= 2_000, "the ASCII texts take the byte reader")
        #expect(KitchenHTML.asciiTimerStart("Crème fraîche") == nil)
        #expect(KitchenHTML.timerName(number: 2, text: "  Simmer\tthe sauce for 10\r\nminutes, stirring ") == "Step 2: Simmer the sauce for 10…")
    }
}
