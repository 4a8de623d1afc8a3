/// A QR code (ISO/IEC 18004, model 2) holding bytes in byte mode, versions 1–10: the square of
/// modules, dark or light, without the quiet zone. Made by `QRCode(bytes:level:)`, which picks the
/// smallest version that holds the bytes and the mask with the lowest penalty score. No I/O.
public struct QRCode: Sendable, Equatable {
    /// 1–10; the side is 17 + 4 × version modules.
    public let version: Int
    public let level: ErrorCorrectionLevel
    /// The data mask, 0–7.
    public let mask: Int
    /// Modules on a side.
    public let sideModules: Int
    /// Row-major, `true` for a dark module.
    public let darkModules: [Bool]

    public static let versions = 1...10

    /// The code for `bytes`, or nil when they do not fit version 10 at `level`.
    public init?(bytes: [UInt8], level: ErrorCorrectionLevel = .medium) {
        guard let version = Self.versions.first(where: { Self.byteCapacity(version: $0, level: level) >= bytes.count }) else {
            return nil
        }
        let layout = Self.blockLayout(version: version, level: level)
        let data = Self.dataCodewords(bytes: bytes, version: version, capacity: layout.dataCodewords)
        let codewords = Self.interleavedCodewords(data: data, layout: layout)
        var matrix = Matrix(version: version)
        matrix.placeCodewords(codewords)
        let mask = matrix.lowestPenaltyMask(level: level)
        matrix.applyMask(mask)
        matrix.drawFormatBits(level: level, mask: mask)
        self.version = version
        self.level = level
        self.mask = mask
        self.sideModules = matrix.sideModules
        self.darkModules = matrix.dark
    }

    /// The code for the UTF-8 bytes of `text`.
    public init?(text: String, level: ErrorCorrectionLevel = .medium) {
        self.init(bytes: Array(text.utf8), level: level)
    }

    /// Whether the module at column `x`, row `y` is dark; outside the square (the quiet zone) is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < sideModules, y < sideModules else { return false }
        return darkModules[y * sideModules + x]
    }

    /// Bits of the byte-mode segment's character count: 8 up to version 9, 16 from 10 (the mode takes 4).
    static func characterCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The data codewords: the segment, a terminator of up to four zero bits, zeros to a byte, then
    /// the pad bytes 0xEC 0x11 in turn up to `capacity`.
    static func dataCodewords(bytes: [UInt8], version: Int, capacity: Int) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: characterCountBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data split into blocks, each followed by its Reed–Solomon codewords, interleaved: the
    /// i-th data codeword of every block in turn, then the i-th error-correction codeword of every block.
    static func interleavedCodewords(data: [UInt8], layout: BlockLayout) -> [UInt8] {
        var blocks: [[UInt8]] = []
        var start = 0
        for length in layout.dataCodewordsPerBlock {
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let generator = ReedSolomon.generatorPolynomial(degree: layout.errorCorrectionCodewordsPerBlock)
        let corrections = blocks.map { ReedSolomon.remainder(of: $0, generator: generator) }
        var result: [UInt8] = []
        for index in 0..<(blocks.map(\.count).max() ?? 0) {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<layout.errorCorrectionCodewordsPerBlock {
            for correction in corrections { result.append(correction[index]) }
        }
        return result
    }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { byte, bit in
                bit.element ? byte | (0x80 >> UInt8(bit.offset)) : byte
            }
        }
    }
}
