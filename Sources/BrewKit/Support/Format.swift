import Foundation

/// How numbers read to a brewer: grams without a needless ".0", times as m:ss.
public enum Format {
    /// `15`, `15.5`, `0.25`: at most `decimals` places, no trailing zeros.
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // A number near the largest a Double holds (1e308) overflows when scaled: it is shown as
        // it is (`1e+308`), never as the infinity of the product.
        guard (value * scale).isFinite else { return "\(value)" }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        // Whole units of the last place, as integers: exact below 2^53, and much cheaper than a format string.
        let units = (abs(rounded) * scale).rounded()
        if units < 9e15, decimals > 0 {
            let perWhole = Int64(scale)
            let count = Int64(units)
            var fraction = String(count % perWhole)
            if fraction.utf8.count < decimals { fraction = String(repeating: "0", count: decimals - fraction.utf8.count) + fraction }
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return (rounded < 0 ? "-" : "") + String(count / perWhole) + (fraction.isEmpty ? "" : "." + fraction)
        }
        // Beyond 2^53 no decimal place is exact: `1e+300`, not three hundred digits.
        if abs(rounded) >= 9e15 { return "\(rounded)" }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `15 g`, `18.5 g`.
    public static func grams(_ value: Double) -> String { "\(number(value, decimals: 1)) g" }

    /// `1:30`, `0:45`, `12:05`; negative times keep their sign.
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        let total = Int(saturating: seconds.rounded())
        let sign = total < 0 ? "-" : ""
        let magnitude = abs(total)
        let secondsPart = magnitude % 60
        return "\(sign)\(magnitude / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
    }

    /// `1 brew`, `2 brews`, `0 brews`: a count with its noun in the number it needs (`plural`
    /// when adding "s" will not do: `1 entry`, `2 entries`).
    public static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// `a`, `a and b`, `a, b and c` (or with `or`): names in a sentence.
    public static func list(_ names: [String], _ conjunction: String = "and") -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// `1:16.7` for a yield-to-dose ratio of 16.67.
    public static func ratio(_ value: Double) -> String { "1:\(number(value, decimals: 1))" }
}

extension String {
    /// The text without white space and line breaks at either end; returned as it is, without a
    /// call into Foundation, when it starts and ends with a visible ASCII character.
    var trimmingWhitespace: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last) { return self }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
