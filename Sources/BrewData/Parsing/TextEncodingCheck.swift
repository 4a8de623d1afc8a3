import BrewKit

/// Data files are UTF-8. A file that is not (a note saved as Latin-1, `caf\xE9`) is refused
/// with the line and column of its first bad byte, the encoding it most likely is, and how to
/// save it as UTF-8; it is never read with the bad bytes replaced by U+FFFD, which would
/// then be built and exported as if the person had written them.
public enum TextEncodingCheck {
    /// The UTF-8 byte order mark that spreadsheet programs put at the start of a CSV.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes without a leading UTF-8 byte order mark.
    public static func droppingByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: byteOrderMark) ? bytes[3...] : bytes[...]
    }

    /// An error for the first byte that is not valid UTF-8, or nil when the file is valid.
    public static func problem(in bytes: [UInt8], file: String) -> Diagnostic? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let order = bytes[0] == 0xFF ? "little-endian" : "big-endian"
            return .error(
                "the file is UTF-16 (\(order)), not UTF-8; \(howToSave)",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard let bad = firstInvalidByte(in: bytes) else { return nil }
        var line = 1
        var column = 1
        var index = bytes.starts(with: byteOrderMark) ? 3 : 0
        while index < bad {
            let byte = bytes[index]
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        let byte = bytes[bad]
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        let message: String
        if byte == 0x00 {
            message = "byte 0x00 (NUL) is not text; the file looks like UTF-16 or a binary file, not UTF-8; \(howToSave)"
        } else if let character = windows1252(byte) {
            message = "byte \(hex) is not valid UTF-8; the file looks like Latin-1 or Windows-1252, where it is \"\(character)\"; \(howToSave)"
        } else {
            message = "byte \(hex) is not valid UTF-8; \(howToSave)"
        }
        return .error(message, at: SourceLocation(file: file, line: line, column: column))
    }

    static let howToSave = "save it as UTF-8 (Save As › Encoding: UTF-8 in an editor or spreadsheet, or `iconv -f WINDOWS-1252 -t UTF-8 OLD > NEW`)"

    /// The offset of the first byte that does not start or continue a well-formed UTF-8
    /// sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let lead = buffer[index]
                if lead < 0x80 {
                    if lead == 0 { return index }
                    index += 1
                    continue
                }
                guard let length = characterLength(at: index, in: buffer) else { return index }
                index += length
            }
            return nil
        }
    }

    /// The length of the well-formed UTF-8 character whose lead byte (0x80 or more) is at `index`
    /// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    static func characterLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The character a byte of 0x80…0xFF stands for in Windows-1252 (a superset of Latin-1's
    /// printable characters), or nil for the five bytes it leaves undefined.
    static func windows1252(_ byte: UInt8) -> Character? {
        guard byte >= 0x80 else { return nil }
        if byte >= 0xA0 { return Character(Unicode.Scalar(byte)) }
        let table: [UInt32?] = [
            0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
            nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
        ]
        return table[Int(byte - 0x80)].flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
