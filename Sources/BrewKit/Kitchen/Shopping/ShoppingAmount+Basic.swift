import Foundation

extension ShoppingAmount {
    /// Unit words and the canonical symbol each stands for.
    static let unitWords: [String: String] = [
        "g": "g", "gram": "g", "grams": "g", "gr": "g", "kg": "kg", "kilogram": "kg", "kilograms": "kg",
        "ml": "ml", "millilitre": "ml", "millilitres": "ml", "milliliter": "ml", "milliliters": "ml",
        "l": "l", "litre": "l", "litres": "l", "liter": "l", "liters": "l",
        "tsp": "tsp", "teaspoon": "tsp", "teaspoons": "tsp", "tbsp": "tbsp", "tablespoon": "tbsp", "tablespoons": "tbsp",
        "cup": "cup", "cups": "cup", "oz": "oz", "ounce": "oz", "ounces": "oz", "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb",
        "fl oz": "fl oz", "fl. oz": "fl oz", "fluid ounce": "fl oz", "fluid ounces": "fl oz",
    ]

    static let vulgarFractions: [Character: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
        "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8, "⅙": 1.0 / 6, "⅚": 5.0 / 6,
    ]

    /// A plain reader of the common amount forms, used where the kitchen's full grammar is not
    /// at hand: "500g", "0.5 kg", "1 1/2 cups", "1½ tbsp", "2-3 cloves", "2–3", "3 lemons"
    /// (a counted word, singular). Anything else ("a pinch", "to taste") is nil.
    public static func basic(_ text: String) -> ShoppingAmount? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        guard let low = number(&rest) else { return nil }
        var high: Double?
        let afterLow = rest
        rest = rest.drop(while: { $0 == " " })
        if let dash = rest.first, dash == "-" || dash == "–" || dash == "—" {
            rest = rest.dropFirst().drop(while: { $0 == " " })
            guard let value = number(&rest), value >= low else { return nil }
            high = value
        } else if rest.hasPrefix("to ") {
            var attempt = rest.dropFirst(3)
            if let value = number(&attempt), value >= low { high = value; rest = attempt } else { rest = afterLow }
        } else {
            rest = afterLow
        }
        let word = rest.trimmingCharacters(in: .whitespaces)
        if word.isEmpty { return ShoppingAmount(quantity: low, quantityMax: high, unit: nil) }
        if let unit = unitWords[word] ?? unitWords[word.replacingOccurrences(of: ".", with: "")] {
            return ShoppingAmount(quantity: low, quantityMax: high, unit: unit)
        }
        // A counted word: one word of letters, made singular.
        guard word.allSatisfy({ $0.isLetter }) else { return nil }
        var singular = word
        if singular.count > 2, singular.hasSuffix("s"), !singular.hasSuffix("ss") { singular.removeLast() }
        return ShoppingAmount(quantity: low, quantityMax: high, unit: singular)
    }

    /// Reads "1", "1.5", "1,5", "1/2", "1 1/2", "½", "1½" from the start of `text`.
    static func number(_ text: inout Substring) -> Double? {
        var scan = text
        func whole() -> Double? {
            let digits = scan.prefix(while: { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
            guard !digits.isEmpty, digits.first!.isNumber, let value = Double(digits.replacingOccurrences(of: ",", with: ".")) else { return nil }
            scan = scan.dropFirst(digits.count)
            return value
        }
        var value: Double
        if let first = scan.first, let fraction = vulgarFractions[first] {
            scan = scan.dropFirst()
            text = scan
            return fraction
        }
        guard let leading = whole() else { return nil }
        value = leading
        if scan.first == "/" {
            var attempt = scan.dropFirst()
            let digits = attempt.prefix(while: { $0.isASCII && $0.isNumber })
            guard let denominator = Double(digits), denominator > 0 else { return nil }
            attempt = attempt.dropFirst(digits.count)
            scan = attempt
            text = scan
            return value / denominator
        }
        if let first = scan.first, let fraction = vulgarFractions[first] {
            scan = scan.dropFirst()
            value += fraction
        } else if scan.first == " " {
            // "1 1/2"
            var attempt = scan.dropFirst()
            let numerator = attempt.prefix(while: { $0.isASCII && $0.isNumber })
            if !numerator.isEmpty, attempt.dropFirst(numerator.count).first == "/" {
                attempt = attempt.dropFirst(numerator.count + 1)
                let denominator = attempt.prefix(while: { $0.isASCII && $0.isNumber })
                if let n = Double(numerator), let d = Double(denominator), d > 0, n < d {
                    value += n / d
                    scan = attempt.dropFirst(denominator.count)
                }
            } else if let first = attempt.first, let fraction = vulgarFractions[first] {
                value += fraction
                scan = attempt.dropFirst()
            }
        }
        text = scan
        return value
    }
}
