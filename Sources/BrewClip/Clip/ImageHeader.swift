/// An image's format and size in pixels, read from its first bytes before anything is decoded:
/// a 7 KB PNG may say it is 23,000 × 23,000 pixels, and decoding it would take gigabytes. Reads
/// the PNG `IHDR`, the JPEG frame header (`SOFn`, after the segments before it), the GIF's screen
/// and first image, and WebP's `VP8 `, `VP8L` or `VP8X` chunk. Pure; one pass over at most the
/// segments before the frame.
public struct ImageHeader: Sendable, Equatable {
    /// `jpg`, `png`, `gif` or `webp`.
    public var format: String
    public var width: Int
    public var height: Int

    public init(format: String, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    public var pixels: Int { width * height }

    /// The header, or nil when the bytes are not one of the four formats or end before the size.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return webp(bytes) }
        return nil
    }

    static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    static func png(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8),
              let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4) else { return nil }
        return ImageHeader(format: "png", width: width, height: height)
    }

    static func jpeg(_ bytes: [UInt8]) -> ImageHeader? {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            var marker = bytes[index + 1]
            index += 2
            // Fill bytes before a marker.
            while marker == 0xFF, index < bytes.count {
                marker = bytes[index]
                index += 1
            }
            // Markers without a length.
            if marker == 0x01 || marker == 0xD8 || (0xD0...0xD7).contains(marker) { continue }
            // The image's data or its end before any frame header: no size.
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = bigEndian(bytes, index, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bigEndian(bytes, index + 3, 2), let width = bigEndian(bytes, index + 5, 2) else { return nil }
                return ImageHeader(format: "jpg", width: width, height: height)
            }
            index += length
        }
        return nil
    }

    /// The larger of the logical screen and the first image (libgd makes the image the size of the first).
    static func gif(_ bytes: [UInt8]) -> ImageHeader? {
        guard let screenWidth = littleEndian(bytes, 6, 2), let screenHeight = littleEndian(bytes, 8, 2), bytes.count > 10 else { return nil }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:
                // An extension: its label, then blocks each led by its length, to a block of length 0.
                index += 2
                while index < bytes.count, bytes[index] != 0 { index += Int(bytes[index]) + 1 }
                index += 1
            case 0x2C:
                guard let width = littleEndian(bytes, index + 5, 2), let height = littleEndian(bytes, index + 7, 2) else { return nil }
                return ImageHeader(format: "gif", width: max(width, screenWidth), height: max(height, screenHeight))
            default:
                return ImageHeader(format: "gif", width: screenWidth, height: screenHeight)
            }
        }
        return ImageHeader(format: "gif", width: screenWidth, height: screenHeight)
    }

    static func webp(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 20 else { return nil }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        let data = 20
        switch chunk {
        case "VP8 ":
            guard bytes.count >= data + 10, Array(bytes[data + 3..<data + 6]) == [0x9D, 0x01, 0x2A],
                  let width = littleEndian(bytes, data + 6, 2), let height = littleEndian(bytes, data + 8, 2) else { return nil }
            return ImageHeader(format: "webp", width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard bytes.count >= data + 5, bytes[data] == 0x2F, let bits = littleEndian(bytes, data + 1, 4) else { return nil }
            return ImageHeader(format: "webp", width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(bytes, data + 4, 3), let height = littleEndian(bytes, data + 7, 3) else { return nil }
            return ImageHeader(format: "webp", width: width + 1, height: height + 1)
        default:
            return nil
        }
    }
}
