/// Sorting by an expensive comparison (Foundation's locale-aware `localizedStandardCompare`, or
/// the numeric, case-insensitive order `JSONSerialization` gives sorted keys) with few calls to it:
/// the elements are first sorted by a cheap key that usually agrees, then the exact comparison
/// checks each neighbour once (n − 1 calls instead of about n log n). When every neighbour is in
/// strictly increasing order the guess is the one sorted order there is (a strict order is
/// transitive, and no two elements are equal under it); otherwise the elements are sorted by the
/// exact comparison as before. The result is the same either way.
public enum GuidedSort {
    /// `elements` sorted by `areInIncreasingOrder` (a strict weak order), guessed by `key`.
    public static func sorted<Element, Key: Comparable>(
        _ elements: [Element], by areInIncreasingOrder: (Element, Element) -> Bool, guessedBy key: (Element) -> Key
    ) -> [Element] {
        guard elements.count > 1 else { return elements }
        let guess = zip(elements.map(key), elements.indices).sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.map { elements[$0.1] }
        for index in guess.indices.dropLast() where !areInIncreasingOrder(guess[index], guess[index + 1]) {
            return elements.sorted(by: areInIncreasingOrder)
        }
        return guess
    }

    /// A key whose byte order is close to a natural order of text: ASCII letters in lower case,
    /// each run of digits as its number (a byte for its length without leading zeros, then the
    /// digits), so "No. 9" comes before "no. 10"; other bytes as they are.
    public static func naturalKey(_ text: String) -> NaturalKey {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 4)
        var digits: [UInt8] = []
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == UInt8(ascii: "0") }
            // Digits sort below letters and above spaces and most punctuation: the length byte stays there too.
            key.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: min(significant.count, 9)))
            key.append(contentsOf: significant)
            digits.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                flushDigits()
                key.append(byte + 32)
            default:
                flushDigits()
                key.append(byte)
            }
        }
        flushDigits()
        return NaturalKey(bytes: key)
    }

    /// `naturalKey(_:)`'s bytes, compared in order (the shorter first when one starts the other).
    public struct NaturalKey: Comparable, Sendable {
        let bytes: [UInt8]

        public static func < (lhs: NaturalKey, rhs: NaturalKey) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
    }
}
