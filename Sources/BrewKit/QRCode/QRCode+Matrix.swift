extension QRCode {
    /// The square while it is drawn: the modules and which of them belong to the function patterns
    /// (finders, separators, timing, alignment, format and version information, the dark module).
    struct Matrix {
        let version: Int
        let sideModules: Int
        var dark: [Bool]
        var isFunction: [Bool]

        init(version: Int) {
            self.version = version
            sideModules = 17 + 4 * version
            dark = Array(repeating: false, count: sideModules * sideModules)
            isFunction = dark
            drawFunctionPatterns()
        }

        subscript(x: Int, y: Int) -> Bool {
            get { dark[y * sideModules + x] }
        }

        mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
            dark[y * sideModules + x] = isDark
            isFunction[y * sideModules + x] = true
        }

        /// Centres of the alignment patterns on each axis, versions 1–10.
        static func alignmentCentres(version: Int) -> [Int] {
            [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]][version]
        }

        private mutating func drawFunctionPatterns() {
            for index in 0..<sideModules {
                setFunction(x: 6, y: index, dark: index % 2 == 0)
                setFunction(x: index, y: 6, dark: index % 2 == 0)
            }
            for (x, y) in [(3, 3), (sideModules - 4, 3), (3, sideModules - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<sideModules).contains(x + dx) && (0..<sideModules).contains(y + dy) {
                        let ring = max(abs(dx), abs(dy))
                        setFunction(x: x + dx, y: y + dy, dark: ring != 2 && ring != 4)
                    }
                }
            }
            let centres = Self.alignmentCentres(version: version)
            for (i, x) in centres.enumerated() {
                for (j, y) in centres.enumerated() {
                    let overlapsFinder = (i == 0 && j == 0) || (i == 0 && j == centres.count - 1) || (i == centres.count - 1 && j == 0)
                    if overlapsFinder { continue }
                    for dy in -2...2 {
                        for dx in -2...2 { setFunction(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            drawFormatBits(level: .medium, mask: 0)  // reserves the area; drawn again once the mask is chosen
            if version >= 7 {
                let bits = QRCode.versionBits(version: version)
                for index in 0..<18 {
                    let isDark = (bits >> index) & 1 == 1
                    let a = sideModules - 11 + index % 3
                    let b = index / 3
                    setFunction(x: a, y: b, dark: isDark)
                    setFunction(x: b, y: a, dark: isDark)
                }
            }
        }

        /// Both copies of the 15 format bits, and the dark module beside the lower-left finder.
        mutating func drawFormatBits(level: ErrorCorrectionLevel, mask: Int) {
            let bits = QRCode.formatBits(level: level, mask: mask)
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
            for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
            setFunction(x: 8, y: 7, dark: bit(6))
            setFunction(x: 8, y: 8, dark: bit(7))
            setFunction(x: 7, y: 8, dark: bit(8))
            for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
            for index in 0..<8 { setFunction(x: sideModules - 1 - index, y: 8, dark: bit(index)) }
            for index in 8..<15 { setFunction(x: 8, y: sideModules - 15 + index, dark: bit(index)) }
            setFunction(x: 8, y: sideModules - 8, dark: true)
        }

        /// The codewords' bits, most significant first, up and down the two-module columns from
        /// the right, skipping the vertical timing column and the function modules.
        mutating func placeCodewords(_ codewords: [UInt8]) {
            var bitIndex = 0
            var right = sideModules - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upward = (right + 1) & 2 == 0
                for step in 0..<sideModules {
                    let y = upward ? sideModules - 1 - step : step
                    for x in [right, right - 1] where !isFunction[y * sideModules + x] {
                        if bitIndex < codewords.count * 8 {
                            dark[y * sideModules + x] = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                            bitIndex += 1
                        }
                    }
                }
                right -= 2
            }
        }
    }

    /// The 15 format bits: the level's 2 bits and the mask's 3, a BCH(15,5) remainder, XOR 101010000010010.
    static func formatBits(level: ErrorCorrectionLevel, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder & 0x3FF) ^ 0x5412
    }

    /// The 18 version bits (versions 7 and up): the version's 6 bits and a BCH(18,6) remainder.
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder & 0xFFF
    }
}
