/// Durations in kitchen text: a step's timer ("simmer 10 minutes" → 600 s) and the display
/// times of a recipe ("1 h 15 min" → PT1H15M for schema.org).
///
/// A duration is a number (whole, decimal, `½`, `1½`, or the lower end of a range "10-15")
/// followed by hours (`h`, `hr`, `hrs`, `hour`, `hours`), minutes (`m`, `min`, `mins`, `minute`,
/// `minutes`) or seconds (`s`, `sec`, `secs`, `second`, `seconds`). Several in a row add up
/// ("1 hour 15 minutes").
public enum KitchenDuration {
    /// The first duration a step's text names, in seconds (the parts of "1 hour 15 minutes"
    /// added); nil when it names none.
    public static func seconds(in text: String) -> Int? {
        let words = tokens(text.lowercased())
        var index = 0
        while index < words.count {
            if let (seconds, next) = duration(words, from: index) {
                var total = seconds
                var position = next
                while let (more, after) = duration(words, from: position) {
                    total += more
                    position = after
                }
                return total > 0 ? Int(total.rounded()) : nil
            }
            index += 1
        }
        return nil
    }

    /// A display time as ISO 8601 for schema.org: "1 h 15 min" → "PT1H15M"; nil when it cannot be read.
    public static func iso8601(_ text: String) -> String? {
        guard let total = seconds(in: text) else { return nil }
        let hours = total / 3600, minutes = (total % 3600) / 60, seconds = total % 60
        var result = "PT"
        if hours > 0 { result += "\(hours)H" }
        if minutes > 0 { result += "\(minutes)M" }
        if seconds > 0 || result == "PT" { result += "\(seconds)S" }
        return result
    }

    /// `1:05:00` or `10:00`, for a timer.
    public static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Display text for seconds: "1 h 15 min", "45 min", "30 s".
    public static func text(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) s") }
        return parts.joined(separator: " ")
    }

    static let units: [String: Double] = [
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    ]

    /// A number and a unit at `index`: the seconds and the index after them.
    static func duration(_ words: [String], from index: Int) -> (Double, Int)? {
        guard index < words.count, let value = number(words[index]) else { return nil }
        var next = index + 1
        // "10-15 minutes", "10 to 15 minutes": the lower end.
        if next + 1 < words.count, words[next] == "-" || words[next] == "–" || words[next] == "to", number(words[next + 1]) != nil { next += 2 }
        if next < words.count, words[next] == "and" || words[next] == "a", next + 1 < words.count, words[next + 1] == "half" {
            // "1 and a half hours" is rare; read as the whole number.
            next += 2
        }
        guard next < words.count, let unit = units[words[next]] else { return nil }
        return (value * unit, next + 1)
    }

    static func number(_ word: String) -> Double? {
        if let value = Double(word), value.isFinite, value >= 0, value < 100_000 { return value }
        guard let first = word.first, first.isNumber || AmountGrammar.vulgarFractions[first] != nil else { return nil }
        if case .quantity(let quantity) = AmountGrammar.parse(word), quantity.unit == .none, quantity.maxAmount == nil {
            return quantity.amount
        }
        return nil
    }

    /// Words, numbers (with fractions: "1½") and dashes as separate tokens: "10-15min" → 10, -, 15, min.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentIsNumber = false
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in text {
            let isNumberPart = character.isNumber || character == "." || AmountGrammar.vulgarFractions[character] != nil
            if character.isLetter || isNumberPart {
                if !current.isEmpty && isNumberPart != currentIsNumber { flush() }
                currentIsNumber = isNumberPart
                current.append(character)
            } else {
                flush()
                if character == "-" || character == "–" { tokens.append(String(character)) }
            }
        }
        flush()
        return tokens.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    }
}
