/// The six meals of a day, in the order a day is shown (MOD/SYS/009 TC-083).
public enum Meal: String, Sendable, CaseIterable, Hashable, Comparable {
    case breakfast = "Breakfast"
    case morningSnack = "Morning Snack"
    case lunch = "Lunch"
    case afternoonSnack = "Afternoon Snack"
    case dinner = "Dinner"
    case eveningSnack = "Evening Snack"

    /// The meal named `text`, ignoring case and spaces, hyphens or underscores between words
    /// (`Morning Snack`, `morning-snack`, `morningSnack`), so that commands can take either.
    public init?(loosely text: String) {
        let key = Self.key(text)
        guard let found = Self.allCases.first(where: { Self.key($0.rawValue) == key }) else { return nil }
        self = found
    }

    private static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter })
    }

    public static func < (lhs: Meal, rhs: Meal) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
