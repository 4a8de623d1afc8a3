/// A set of ASCII bytes as a 128-bit mask: membership is two shifts, not a hash.
struct ByteClass: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: StaticString) {
        members.withUTF8Buffer { bytes in
            for byte in bytes where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }
}
