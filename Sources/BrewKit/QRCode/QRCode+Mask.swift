extension QRCode.Matrix {
    /// Whether data mask `mask` (0–7) flips the module at column `x`, row `y`.
    static func maskFlips(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// Flips the data modules the mask selects; applying it twice undoes it.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<sideModules {
            for x in 0..<sideModules where !isFunction[y * sideModules + x] && Self.maskFlips(mask, x: x, y: y) {
                dark[y * sideModules + x].toggle()
            }
        }
    }

    /// The mask whose code scores the lowest penalty (the first of equal ones).
    mutating func lowestPenaltyMask(level: QRCode.ErrorCorrectionLevel) -> Int {
        var best = (mask: 0, penalty: Int.max)
        for mask in 0..<8 {
            applyMask(mask)
            drawFormatBits(level: level, mask: mask)
            let penalty = penaltyScore()
            if penalty < best.penalty { best = (mask, penalty) }
            applyMask(mask)
        }
        return best.mask
    }

    /// The standard's penalty: runs of five or more like modules in a row or column (3 + the run
    /// beyond five), 2×2 blocks of one colour (3 each), the finder-like 1:1:3:1:1 pattern with four
    /// light modules on a side (40 each), and 10 for each whole 5 % the dark share is away from 50 %.
    func penaltyScore() -> Int {
        var penalty = 0
        let lines: [[Bool]] = (0..<sideModules).map { y in (0..<sideModules).map { x in self[x, y] } }
            + (0..<sideModules).map { x in (0..<sideModules).map { y in self[x, y] } }
        let finderLike: [Bool] = [true, false, true, true, true, false, true, false, false, false, false]
        let finderLikeReversed = Array(finderLike.reversed())
        for line in lines {
            var runLength = 1
            for index in 1...line.count {
                if index < line.count, line[index] == line[index - 1] {
                    runLength += 1
                } else {
                    if runLength >= 5 { penalty += 3 + runLength - 5 }
                    runLength = 1
                }
            }
            for start in 0...(line.count - finderLike.count) {
                let window = line[start..<start + finderLike.count]
                if window.elementsEqual(finderLike) || window.elementsEqual(finderLikeReversed) { penalty += 40 }
            }
        }
        for y in 0..<sideModules - 1 {
            for x in 0..<sideModules - 1 {
                let colour = self[x, y]
                if self[x + 1, y] == colour, self[x, y + 1] == colour, self[x + 1, y + 1] == colour { penalty += 3 }
            }
        }
        let darkCount = dark.filter { $0 }.count
        let total = dark.count
        penalty += 10 * (abs(darkCount * 20 - total * 10) / total)
        return penalty
    }
}
