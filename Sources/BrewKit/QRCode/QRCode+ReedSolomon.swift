extension QRCode {
    /// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
    /// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … α^(degree−1).
    enum ReedSolomon {
        /// The product of `a` and `b` in GF(256).
        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            var product = 0
            var x = Int(a)
            var y = Int(b)
            while y != 0 {
                if y & 1 == 1 { product ^= x }
                x <<= 1
                if x & 0x100 != 0 { x ^= 0x11D }
                y >>= 1
            }
            return UInt8(product)
        }

        /// The coefficients of (x − α⁰)(x − α¹)…(x − α^(degree−1)) below the leading 1, highest power first.
        static func generatorPolynomial(degree: Int) -> [UInt8] {
            var coefficients = [UInt8](repeating: 0, count: degree)
            coefficients[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for index in 0..<degree {
                    coefficients[index] = multiply(coefficients[index], root)
                    if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
                }
                root = multiply(root, 0x02)
            }
            return coefficients
        }

        /// The error-correction codewords of `data`: the remainder of data · x^degree divided by the generator.
        static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
            var remainder = [UInt8](repeating: 0, count: generator.count)
            for byte in data {
                let factor = byte ^ remainder.removeFirst()
                remainder.append(0)
                for index in generator.indices { remainder[index] ^= multiply(generator[index], factor) }
            }
            return remainder
        }
    }
}
