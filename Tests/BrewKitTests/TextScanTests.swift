import BrewKit
import PropertyBased
import Testing

/// `TextScan.firstIndex` finds a pattern with memchr and memcmp; it must agree with the plain
/// definition (the first offset where every byte matches) on any bytes and start.
@Suite("Byte search")
struct TextScanTests {
    static func plainFirstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        if pattern.isEmpty { return start }
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test func agreesWithThePlainDefinition() async {
        // A small alphabet, so that patterns occur, partly occur and overlap.
        let byte = Gen.int(in: 0...3).map { UInt8(ascii: "a") + UInt8($0) }
        await propertyCheck(input: byte.array(of: 0...40), byte.array(of: 0...4), Gen.int(in: 0...45)) { bytes, pattern, start in
            let found = bytes.withUnsafeBufferPointer { haystack in
                pattern.withUnsafeBufferPointer { needle in TextScan.firstIndex(of: needle, in: haystack, from: start) }
            }
            #expect(found == Self.plainFirstIndex(of: pattern, in: bytes, from: start))
        }
    }

    /// `isBlank` looks at ASCII scalars by value; it must say what the scalar properties say,
    /// for every ASCII scalar and for white space and other scalars beyond ASCII, alone and mixed.
    @Test func blankAgreesWithTheScalarProperties() {
        let scalars = (0..<128).compactMap(Unicode.Scalar.init) + ["\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{200B}", "é", "°", "\u{FEFF}"]
        func plain(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
        #expect(TextScan.isBlank(""))
        var blanks = 0
        for first in scalars {
            for second in [" ", "\t", "\u{A0}", "x", "\u{1F}"] as [Unicode.Scalar] {
                for text in [String(first), String(first) + String(second), String(second) + String(first)] {
                    #expect(TextScan.isBlank(text) == plain(text), "\(text.debugDescription)")
                    if plain(text) { blanks += 1 }
                }
            }
        }
        #expect(blanks > 20, "white space is found, not only its absence")
    }

    @Test func findsAtTheEdges() {
        #expect(TextScan.contains("abc", "abc"))
        #expect(TextScan.contains("xxabc", "abc"))
        #expect(!TextScan.contains("ab", "abc"))
        #expect(!TextScan.contains("", "a"))
        #expect(TextScan.contains("é·x", "·x"))
    }
}
