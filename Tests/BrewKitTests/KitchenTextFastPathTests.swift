@testable import BrewKit
import Foundation
import Testing
import TestSupport

/// The kitchen's text shortcuts (issue 29) give what the Foundation and Character paths they
/// stand in front of give, on many generated texts: a step's words (`KitchenStepIngredients`),
/// a duration's tokens (`KitchenDuration`), the recipes' title order (`GuidedSort`).
@Suite struct KitchenTextFastPathTests {
    /// Pieces texts are made of: words in both cases, numbers, fractions, units, punctuation,
    /// white space of every ASCII kind, and some non-ASCII (so the shortcut steps aside).
    static let pieces = [
        "Add", "the", "TOMATOES", "berries", "olive", "oil", "Oil", "glass", "potatoes", "eggs", "egg", "Chop", "and", "of",
        "10", "1.5", "0,5", "15-20", "2–3", "1½", "½", "..", ".", "min", "min.", "minutes", "Minuten", "hrs", "h", "s", "sec", "1h", "10min",
        "a", "an", "one", "to", "or", "x", ",", ";", "!", "(", ")", "-", "'", "\"", "/", "&", "#",
        " ", " ", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}",
        "Crème", "fraîche", "lök", "Ñ", "🍝", "\u{00A0}", "é", "ß",
    ]

    static func text(_ random: inout SplitMix64, asciiOnly: Bool) -> String {
        let choices = asciiOnly ? pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } } : pieces
        var text = ""
        for _ in 0..<Int(random.next() % 14) {
            text += choices[Int(random.next() % UInt64(choices.count))]
            if random.next() % 3 == 0 { text += " " }
        }
        return text
    }

    @Test func stepWordsAreTheFoldedWords() {
        var random = SplitMix64(seed: 29)
        var shortcuts = 0
        for round in 0..<3_000 {
            let text = Self.text(&random, asciiOnly: round % 2 == 0)
            if KitchenStepIngredients.asciiWords(text) != nil { shortcuts += 1 }
            #expect(KitchenStepIngredients.words(text) == KitchenStepIngredients.foldedWords(text), "\(text.debugDescription)")
        }
        #expect(shortcuts >= 1_500, "the ASCII texts take the shortcut")
        #expect(KitchenStepIngredients.asciiWords("Crème fraîche") == nil)
    }

    /// The matcher read once per recipe names what `named(in:names:)` names step by step.
    @Test func aRecipesMatcherNamesWhatEachStepNames() {
        let names = ["olive oil", "onion", "garlic", "ground cumin", "chopped tomatoes", "eggs", "Crème fraîche", "salt and pepper", ""]
        let matcher = KitchenStepIngredients.Matcher(names: names)
        var random = SplitMix64(seed: 7)
        for round in 0..<500 {
            let step = Self.text(&random, asciiOnly: round % 2 == 0) + " " + names[round % names.count]
            #expect(matcher.named(in: step) == KitchenStepIngredients.named(in: step, names: names), "\(step.debugDescription)")
        }
    }

    /// An ingredient whose amount is read through the memo is the ingredient read alone, for
    /// amounts seen for the first time and again, with the white space and case they come in.
    @Test func rememberedAmountsAreTheAmountsReadAgain() {
        let amounts = ["1 tsp", "1 tsp ", " 1 tsp", "1 Tsp", "2 tbsp", "½ cup", "1½ cups", "1 1/2 tbsp", "250ml", "0.5 l", "0,5 l", "2–3", "15-20 g",
                       "1 (400 g) can", "1 lb 2 oz", "a pinch", "to taste", "salt to taste", "a good glug", "", " ", "\t", "4", "4 eggs", "2 cloves", "x"]
        var memo = KitchenAmountMemo()
        var random = SplitMix64(seed: 30)
        for round in 0..<3_000 {
            let amount = round % 3 == 0 ? Self.text(&random, asciiOnly: round % 2 == 0) : amounts[Int(random.next() % UInt64(amounts.count))]
            let remembered = KitchenIngredient(id: "i", name: "n", amount: amount, amounts: &memo)
            #expect(remembered == KitchenIngredient(id: "i", name: "n", amount: amount), "\(amount.debugDescription)")
            #expect(remembered.parsedAmount == AmountGrammar.parse(amount))
        }
        #expect(memo.count < 1_100, "the repeated amounts are read once")
    }

    @Test func durationTokensAreTheCharacterTokens() {
        var random = SplitMix64(seed: 14)
        for round in 0..<3_000 {
            let text = Self.text(&random, asciiOnly: round % 2 == 0).lowercased()
            #expect(KitchenDuration.tokens(text) == KitchenDuration.characterTokens(text), "\(text.debugDescription)")
        }
        // A final dot is a number part of its own, kept as an empty token, as before.
        #expect(KitchenDuration.asciiTokens("simmer 10-15min.") == ["simmer", "10", "-", "15", "min", ""])
        #expect(KitchenDuration.seconds(in: "Simmer 1 hour and 15 minutes.") == 4_500)
    }

    static func standardOrder(_ a: String, _ b: String) -> Bool {
        let order = a.localizedStandardCompare(b)
        return order != .orderedSame ? order == .orderedAscending : false
    }

    /// Titles in Foundation's order, whether the cheap key guesses it right or not at all.
    @Test func guidedSortGivesTheExactOrder() {
        let words = ["Fish pie", "fish Pie", "no.", "No", "10", "9", "09", "100", "Köttbullar", "Kottbullar", "Äpple", "apple", "-", "_", " ", "a1", "A01", "pie2", "ø"]
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            var titles = Set<String>()
            for _ in 0..<Int(random.next() % 40) {
                titles.insert((0..<Int(1 + random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " "))
            }
            var input = Array(titles).sorted()
            for index in input.indices.reversed() { input.swapAt(index, Int(random.next() % UInt64(index + 1))) }
            let exact = input.sorted(by: Self.standardOrder)
            #expect(GuidedSort.sorted(input, by: Self.standardOrder, guessedBy: GuidedSort.naturalKey) == exact)
            // A key that guesses nothing still ends in the exact order.
            #expect(GuidedSort.sorted(input, by: Self.standardOrder, guessedBy: { _ in 0 }) == exact)
            #expect(GuidedSort.sorted(input, by: Self.standardOrder, guessedBy: { -($0.utf8.count) }) == exact)
        }
        #expect(GuidedSort.naturalKey("No. 9") < GuidedSort.naturalKey("no. 10"))
    }
}
