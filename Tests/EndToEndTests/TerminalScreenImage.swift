import Foundation

/// What a terminal shows for some printed text, as a grey-scale image: each character cell is
/// `cellWidth` × `2 · cellWidth` pixels (a terminal cell is about twice as tall as wide), the half
/// blocks ▀ ▄ █ fill the top, the bottom or all of it in the foreground colour, anything else is the
/// background. The SGR escapes a QR code can use are followed: 0 (reset), 7 and 27 (reverse), 30–37,
/// 90–97 and 39 (foreground), 40–47, 100–107 and 49 (background). Around the text the terminal's own
/// background shows, `marginCells` cells on every side. Written as a binary PGM (`P5`).
struct TerminalScreenImage {
    /// The terminal's colours as grey levels: its default text and background, and its palette of 16.
    struct Theme {
        var foreground: UInt8
        var background: UInt8
        /// Colours 0–7 and their bright forms 8–15.
        var palette: [UInt8]

        /// A dark terminal (light grey text on near-black; black is a dark grey there).
        static let dark = Theme(foreground: 204, background: 24, palette: [46, 170, 140, 170, 90, 140, 140, 211, 85, 210, 200, 230, 150, 190, 200, 255])
        /// A light terminal (near-black text on white).
        static let light = Theme(foreground: 30, background: 250, palette: [0, 120, 100, 130, 60, 110, 110, 200, 110, 180, 170, 200, 120, 160, 170, 255])
    }

    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(lines: [String], theme: Theme, cellWidth: Int = 4, marginCells: Int = 4) {
        let cells = lines.map { Self.cells(of: $0, theme: theme) }
        let columns = (cells.map(\.count).max() ?? 0) + 2 * marginCells
        let rows = cells.count + 2 * marginCells
        let cellHeight = 2 * cellWidth
        width = columns * cellWidth
        height = rows * cellHeight
        var pixels = [UInt8](repeating: theme.background, count: width * height)
        for (row, line) in cells.enumerated() {
            for (column, cell) in line.enumerated() {
                let left = (column + marginCells) * cellWidth, top = (row + marginCells) * cellHeight
                for y in 0..<cellHeight {
                    let isTopHalf = y < cellWidth
                    let inked = cell.character == "█" || (cell.character == "▀" && isTopHalf) || (cell.character == "▄" && !isTopHalf)
                    for x in 0..<cellWidth { pixels[(top + y) * width + left + x] = inked ? cell.foreground : cell.background }
                }
            }
        }
        self.pixels = pixels
    }

    var pgm: Data { Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels) }

    /// The characters of a printed line with the colours they are drawn in; escapes are not cells.
    static func cells(of line: String, theme: Theme) -> [(character: Character, foreground: UInt8, background: UInt8)] {
        var foreground = theme.foreground, background = theme.background, reversed = false
        var cells: [(Character, UInt8, UInt8)] = []
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if character == "\r" { continue }
            guard character == "\u{1B}" else {
                cells.append(reversed ? (character, background, foreground) : (character, foreground, background))
                continue
            }
            guard characters.first == "[" else { continue }
            characters.removeFirst()
            var parameters = ""
            while let next = characters.popFirst(), next != "m" { parameters.append(next) }
            for code in parameters.split(separator: ";", omittingEmptySubsequences: false).map({ Int($0) ?? 0 }) {
                switch code {
                case 0: foreground = theme.foreground; background = theme.background; reversed = false
                case 7: reversed = true
                case 27: reversed = false
                case 30...37: foreground = theme.palette[code - 30]
                case 90...97: foreground = theme.palette[code - 90 + 8]
                case 39: foreground = theme.foreground
                case 40...47: background = theme.palette[code - 40]
                case 100...107: background = theme.palette[code - 100 + 8]
                case 49: background = theme.background
                default: break
                }
            }
        }
        return cells
    }
}

/// zbarimg (Debian's zbar-tools), when installed: what it reads in an image.
enum ZBarImage {
    static let path = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The texts of the codes zbarimg finds in `image` (a PGM), one per line; empty when none.
    static func decode(_ image: Data) throws -> [String] {
        guard let path else { return [] }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("terminal-qr-\(UUID().uuidString).pgm")
        defer { try? FileManager.default.removeItem(at: file) }
        try image.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--quiet", "--raw", "--nodbus", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: read, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
