/// Steps of reading JSON that `JSONParser` and `BrewLogBytesDecoder` take alike.
enum JSONBytes {
    /// Moves `index` past spaces, tabs, carriage returns and line feeds, counting the lines.
    static func skipWhitespace<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, index: inout Int, line: inout Int, lineStart: inout Int) where Bytes.Index == Int {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// The value of the four hex digits of a `\u` escape at `index` (the caller has checked that
    /// four bytes are there), moving `index` past them; nil with `index` at the first byte that
    /// is not a hex digit.
    static func hex4<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, index: inout Int) -> UInt32? where Bytes.Index == Int {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
