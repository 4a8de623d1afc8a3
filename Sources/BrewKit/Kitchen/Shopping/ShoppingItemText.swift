/// Splits a shopping item's text ("500g Chicken breast", "2 lemons") into its amount and the
/// ingredient, as the merged view needs: the amount is the longest run of leading words that
/// the amount reader reads; the rest is the ingredient. A text with no readable start is all
/// ingredient (a free item such as "Dish soap").
public enum ShoppingItemText {
    public static func split(_ text: String, reading read: ShoppingAmount.Reader) -> (amount: String, name: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count > 1 else { return ("", text.trimmingCharacters(in: .whitespaces)) }
        for count in stride(from: min(words.count - 1, 4), through: 1, by: -1) {
            let amount = words[..<count].joined(separator: " ")
            if read(amount) != nil, !isCountedWordOnly(amount, read: read, words: words, count: count) {
                return (amount, words[count...].joined(separator: " "))
            }
        }
        return ("", text.trimmingCharacters(in: .whitespaces))
    }

    /// "2 lemons" reads as two lemons, not as the counted unit "lemon" with no ingredient; and
    /// "500g Chicken breast" must not take "Chicken" as a counted word.
    static func isCountedWordOnly(_ amount: String, read: ShoppingAmount.Reader, words: [String], count: Int) -> Bool {
        guard count > 1, let parsed = read(amount), let unit = parsed.unit else { return false }
        if case .count = ShoppingUnit.dimension(of: unit) {
            // Accept a counted word only when it is a known container or measure word.
            return !countWords.contains(unit)
        }
        return false
    }

    /// Words that measure rather than name: "2 cloves garlic", "1 can tomatoes".
    public static let countWords: Set<String> = [
        "clove", "can", "tin", "jar", "pinch", "handful", "bunch", "slice", "piece", "sprig", "stalk", "head", "packet",
        "pack", "bag", "bottle", "box", "cube", "leaf", "stick", "knob", "dash", "drop", "sheet", "fillet", "rasher", "sachet",
    ]
}
