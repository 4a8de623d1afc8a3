extension QRCode {
    /// How a version and level split the codewords: data codewords per block (shorter blocks
    /// first, the others one longer) and Reed–Solomon codewords per block.
    struct BlockLayout: Equatable {
        var dataCodewordsPerBlock: [Int]
        var errorCorrectionCodewordsPerBlock: Int
        var dataCodewords: Int { dataCodewordsPerBlock.reduce(0, +) }
    }

    /// Modules that carry codewords (and the remainder bits): all but the function patterns and
    /// the format and version information.
    static func dataModuleCount(version: Int) -> Int {
        var count = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentPerSide = version / 7 + 2
            count -= (25 * alignmentPerSide - 10) * alignmentPerSide - 55
            if version >= 7 { count -= 36 }
        }
        return count
    }

    static func blockLayout(version: Int, level: ErrorCorrectionLevel) -> BlockLayout {
        let totalCodewords = dataModuleCount(version: version) / 8
        let blocks = level.blockCounts[version]
        let correctionPerBlock = level.errorCorrectionCodewordsPerBlock[version]
        let longBlocks = totalCodewords % blocks
        let shortDataCodewords = totalCodewords / blocks - correctionPerBlock
        let perBlock = (0..<blocks).map { $0 < blocks - longBlocks ? shortDataCodewords : shortDataCodewords + 1 }
        return BlockLayout(dataCodewordsPerBlock: perBlock, errorCorrectionCodewordsPerBlock: correctionPerBlock)
    }

    /// The bytes version `version` holds at `level` in byte mode.
    public static func byteCapacity(version: Int, level: ErrorCorrectionLevel) -> Int {
        (blockLayout(version: version, level: level).dataCodewords * 8 - 4 - characterCountBits(version: version)) / 8
    }
}
