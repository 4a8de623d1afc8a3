import BrewKit
import PropertyBased
import Testing

/// `ShownText.escaped` returns most text as it is after one pass over its bytes; it must agree
/// with the plain definition (every control scalar written out, cut after `limit` scalars) on
/// any text, including the two-byte characters that share 0xC2 with the C1 controls (`°`).
@Suite("Text shown in messages")
struct ShownTextTests {
    static func plainEscaped(_ text: String, limit: Int) -> String {
        var result = ""
        for (shown, scalar) in text.unicodeScalars.enumerated() {
            if shown == limit { return result + "…" }
            result += ShownText.isControl(scalar) ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
        }
        return result
    }

    static let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\t", "\n", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "°", "£", "é", "\u{301}", "日", "😀"]

    @Test func agreesWithThePlainDefinition() async {
        let scalar = Gen.int(in: 0...(Self.alphabet.count - 1)).map { Self.alphabet[$0] }
        await propertyCheck(input: scalar.array(of: 0...30), Gen.int(in: 0...40)) { scalars, limit in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            #expect(Array(ShownText.escaped(text, limit: limit).utf8) == Array(Self.plainEscaped(text, limit: limit).utf8))
            #expect(Array(ShownText.escaped(text, limit: .max).utf8) == Array(Self.plainEscaped(text, limit: .max).utf8))
        }
    }

    /// The plain definition of `firstForbiddenControl`: the first control scalar that is not a tab,
    /// a line feed or the carriage return of a CRLF.
    static func plainFirstForbidden(_ text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where ShownText.isControl(scalar) {
            if scalar == "\t" || scalar == "\n" || (scalar == "\r" && offset + 1 < scalars.count && scalars[offset + 1] == "\n") { continue }
            return (scalar, offset)
        }
        return nil
    }

    @Test func theFirstForbiddenControlAgreesWithThePlainDefinition() async {
        let alphabet = Self.alphabet + ["\r"]
        let scalar = Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }
        await propertyCheck(input: scalar.array(of: 0...30)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let found = ShownText.firstForbiddenControl(in: text)
            let expected = Self.plainFirstForbidden(text)
            #expect(found?.scalar == expected?.scalar && found?.offset == expected?.offset)
        }
        #expect(ShownText.firstForbiddenControl(in: "89 °C, tab\tand\r\nlines") == nil)
        #expect(ShownText.firstForbiddenControl(in: "89 °C\u{85}")?.offset == 5)
    }

    @Test func aDegreeSignIsShownAsItIs() {
        #expect(ShownText.escaped("water 89 °C", limit: .max) == "water 89 °C")
        #expect(ShownText.escaped("89 °C\u{85}", limit: .max) == "89 °C\\u{85}")
    }
}
