import BrewKit

/// Each recipe's card on the kitchen's lists, made once for a build and placed in every list that
/// shows it (all recipes, its category, the favourites), as the coffee lists place each log's row
/// (`PartialMemo`, `ListSplice`).
///
/// The kitchen's grid never passes through cmark (it is a `PageFragment` of HTML made by code), so
/// there is no conversion to save as the coffee lists' splice saves one: what is shared is the
/// making of the card itself (its escaping, times and figures). Cards are asked for by the threads
/// that render list pages, so the memo is `Locked`; two threads may both make a missing card,
/// and they make the same, so either may be kept.
final class KitchenCardMemo: Sendable {
    struct Card: Sendable {
        /// The `<li>` of the grid, with its line break.
        let html: String
        /// The card's line in the Markdown twin, without a line break.
        let markdown: String
    }

    /// By index into `KitchenPages.recipes`.
    private let cards = Locked<[Int: Card]>([:])

    /// The cards of the recipes at `indices`, made by `make` where not made yet.
    func cards(_ indices: [Int], make: (Int) -> Card) -> [Card] {
        var found = cards.withLock { cards in indices.map { cards[$0] } }
        var made: [(Int, Card)] = []
        for position in found.indices where found[position] == nil {
            let card = make(indices[position])
            found[position] = card
            made.append((indices[position], card))
        }
        if !made.isEmpty {
            cards.withLock { cards in
                for (index, card) in made { cards[index] = card }
            }
        }
        return found.map { $0! }
    }
}
