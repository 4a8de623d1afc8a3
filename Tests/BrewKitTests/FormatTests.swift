import BrewKit
import Foundation
import TestSupport
import Testing

/// `Format.number` writes numbers without a format string; it must say what `%.Nf` with the
/// trailing zeros removed says.
@Suite("Number formatting")
struct FormatTests {
    /// The formatting as it was, through `String(format:)`.
    static func reference(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    @Test func agreesWithTheFormatStringOnManyValues() {
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { random.next() }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 100, 1_000, 1e6][Int(next() % 5)]
            let value = (Double(next() % 2_000_001) / 1_000_000 - 1) * magnitude
            let decimals = Int(next() % 4)
            let formatted = Format.number(value, decimals: decimals)
            let expected = Self.reference(value, decimals: decimals)
            if formatted != expected { mismatches.append("\(value) (\(decimals)): \(formatted) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func typicalBrewNumbers() {
        #expect(Format.number(15) == "15")
        #expect(Format.number(15.5) == "15.5")
        #expect(Format.number(0.25) == "0.25")
        #expect(Format.number(16.666, decimals: 1) == "16.7")
        #expect(Format.number(0.04, decimals: 1) == "0")
        #expect(Format.grams(18.0) == "18 g")
        #expect(Format.ratio(300.0 / 18.0) == "1:16.7")
    }
}
