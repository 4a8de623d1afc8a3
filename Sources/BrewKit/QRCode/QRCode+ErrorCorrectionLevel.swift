extension QRCode {
    /// How many codewords can be restored: about 7 % (low), 15 % (medium), 25 % (quartile), 30 % (high).
    public enum ErrorCorrectionLevel: Sendable, Equatable, CaseIterable {
        case low, medium, quartile, high

        /// The two bits of the format information (L 01, M 00, Q 11, H 10).
        var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }

        /// Reed–Solomon codewords per block for versions 1–10 (index 0 unused).
        var errorCorrectionCodewordsPerBlock: [Int] {
            switch self {
            case .low: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18]
            case .medium: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
            case .quartile: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24]
            case .high: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28]
            }
        }

        /// Blocks for versions 1–10 (index 0 unused).
        var blockCounts: [Int] {
            switch self {
            case .low: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4]
            case .medium: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5]
            case .quartile: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8]
            case .high: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8]
            }
        }
    }
}
