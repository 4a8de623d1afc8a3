#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cheap questions about text, for code run on every record or every link: plain scans of the
/// UTF-8 bytes and scalars instead of Foundation calls that build new strings.
public enum TextScan {
    /// Whether `text` is empty or only white space and line breaks.
    public static func isBlank(_ text: String) -> Bool {
        // ASCII scalars by their value (tab to carriage return, and space are Unicode's white
        // space among them); the scalar properties, slow to look up, only for the others.
        text.unicodeScalars.allSatisfy { $0.isASCII ? $0 == " " || (0x09...0x0D).contains($0.value) : $0.properties.isWhitespace }
    }

    /// Whether `needle` occurs in `text`, compared byte for byte.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        var pattern = needle
        var haystack = text
        return pattern.withUTF8 { pattern in
            haystack.withUTF8 { bytes in firstIndex(of: pattern, in: bytes) != nil }
        }
    }

    /// Where `pattern` first starts in `bytes`; 0 for an empty pattern.
    public static func firstIndex(of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = pattern.first else { return start }
        guard bytes.count >= pattern.count, let base = bytes.baseAddress, start <= bytes.count - pattern.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            // memchr finds the candidate first bytes far faster than a loop over every byte.
            guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, pattern.baseAddress!, pattern.count) == 0 { return index }
            index += 1
        }
        return nil
    }
}
