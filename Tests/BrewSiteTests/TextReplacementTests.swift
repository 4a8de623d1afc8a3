@testable import BrewSite
import Testing

@Suite struct TextReplacementTests {
    @Test func replacesEveryOccurrenceAroundMultiByteText() {
        let text = "café <p>\u{E000}</p> ★ and \u{E000}\u{E000} end"
        let replaced = TextReplacement.replacing("\u{E000}", with: "../", in: text)
        #expect(replaced == "café <p>../</p> ★ and ../../ end")
        #expect(replaced.utf8.count == Array(replaced.utf8).count)
    }

    @Test func returnsTheTextWhenNothingMatchesOrTheTargetIsEmpty() {
        #expect(TextReplacement.replacing("<p>x</p>", with: "y", in: "no match ★") == "no match ★")
        #expect(TextReplacement.replacing("", with: "y", in: "abc") == "abc")
    }

    @Test func replacesAtTheEdgesAndWithLongerAndShorterText() {
        #expect(TextReplacement.replacing("ab", with: "", in: "abxab") == "x")
        #expect(TextReplacement.replacing("a", with: "☕☕", in: "aba") == "☕☕b☕☕")
        #expect(TextReplacement.replacing("aa", with: "b", in: "aaa") == "ba")
    }
}

@Suite struct PageRendererPathTests {
    @Test func lastComponentIsTheFileNameOfAPagePath() {
        #expect(PageRenderer.lastComponent(of: "logs/2026/08/log-20260801-0700") == "log-20260801-0700")
        #expect(PageRenderer.lastComponent(of: "index") == "index")
        #expect(PageRenderer.lastComponent(of: "recipes/café-★") == "café-★")
    }
}
