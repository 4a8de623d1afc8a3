@testable import BrewKit
import Foundation
import Testing

/// The QR encoder against published vectors (ISO/IEC 18004's "01234567" example, the "HELLO WORLD"
/// 1-M codewords, the format and version information tables), and against zbarimg when it is installed.
@Suite struct QRCodeTests {
    @Test func reedSolomonCodewordsOfTheNumericExample() {
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        let generator = QRCode.ReedSolomon.generatorPolynomial(degree: 10)
        #expect(QRCode.ReedSolomon.remainder(of: data, generator: generator) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    @Test func reedSolomonCodewordsOfHelloWorld() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let generator = QRCode.ReedSolomon.generatorPolynomial(degree: 10)
        #expect(QRCode.ReedSolomon.remainder(of: data, generator: generator) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func theGeneratorOfDegree7IsThePublishedOne() {
        // α exponents 87 229 146 149 238 102 21 below x⁷.
        let exponents = [87, 229, 146, 149, 238, 102, 21]
        let powers = exponents.map { exponent in (0..<exponent).reduce(UInt8(1)) { power, _ in QRCode.ReedSolomon.multiply(power, 2) } }
        #expect(QRCode.ReedSolomon.generatorPolynomial(degree: 7) == powers)
    }

    @Test(arguments: [
        (QRCode.ErrorCorrectionLevel.low, ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
                                           "110011000101111", "110001100011000", "110110001000001", "110100101110110"]),
        (.medium, ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
                   "100010111111001", "100000011001110", "100111110010111", "100101010100000"]),
    ])
    func formatInformationIsThePublishedTable(level: QRCode.ErrorCorrectionLevel, bitsByMask: [String]) {
        for (mask, bits) in bitsByMask.enumerated() {
            #expect(QRCode.formatBits(level: level, mask: mask) == Int(bits, radix: 2), "mask \(mask)")
        }
    }

    @Test func versionInformationIsThePublishedTable() {
        #expect(QRCode.versionBits(version: 7) == Int("000111110010010100", radix: 2))
        #expect(QRCode.versionBits(version: 10) == Int("001010010011010011", radix: 2))
    }

    @Test func capacitiesAreTheStandardsByteModeCapacities() {
        #expect((1...10).map { QRCode.byteCapacity(version: $0, level: .low) } == [17, 32, 53, 78, 106, 134, 154, 192, 230, 271])
        #expect((1...10).map { QRCode.byteCapacity(version: $0, level: .medium) } == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
    }

    @Test func theDataCodewordsOfAByteSegmentEndInPadBytes() {
        // "hello" in version 1-M: 0100 00000101 then the bytes, a terminator, 0xEC 0x11 …
        let codewords = QRCode.dataCodewords(bytes: Array("hello".utf8), version: 1, capacity: 16)
        #expect(codewords == [0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
    }

    @Test func theSmallestVersionThatHoldsTheBytesIsChosen() throws {
        let phoneAddress = "http://192.168.1.20:8000/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKW"  // 62 bytes
        #expect(try #require(QRCode(text: phoneAddress)).version == 4)
        #expect(try #require(QRCode(text: phoneAddress + "x")).version == 5)
        #expect(try #require(QRCode(text: phoneAddress, level: .low)).version == 4)
        #expect(try #require(QRCode(text: String(repeating: "a", count: 213))).version == 10)
        #expect(QRCode(text: String(repeating: "a", count: 214)) == nil)
    }

    @Test func theFindersTimingAndDarkModuleAreInPlace() throws {
        let code = try #require(QRCode(text: "http://10.0.0.2:8000/?key=abc"))
        let side = code.sideModules
        #expect(side == 17 + 4 * code.version)
        for (x, y) in [(0, 0), (side - 7, 0), (0, side - 7)] {
            #expect((0..<7).allSatisfy { code.isDark(x: x + $0, y: y) && code.isDark(x: x + $0, y: y + 6) })
            #expect(!code.isDark(x: x + 1, y: y + 1) && code.isDark(x: x + 2, y: y + 2) && code.isDark(x: x + 3, y: y + 3))
        }
        #expect((8..<side - 8).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) && code.isDark(x: 6, y: $0) == ($0 % 2 == 0) })
        #expect(code.isDark(x: 8, y: side - 8))
    }

    @Test func theMaskChosenScoresTheLowestPenalty() throws {
        let code = try #require(QRCode(text: "http://192.168.1.20:8000/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKW"))
        var matrix = QRCode.Matrix(version: code.version)
        let layout = QRCode.blockLayout(version: code.version, level: code.level)
        let data = QRCode.dataCodewords(bytes: Array("http://192.168.1.20:8000/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKW".utf8), version: code.version, capacity: layout.dataCodewords)
        matrix.placeCodewords(QRCode.interleavedCodewords(data: data, layout: layout))
        let penalties = (0..<8).map { mask -> Int in
            var masked = matrix
            masked.applyMask(mask)
            masked.drawFormatBits(level: code.level, mask: mask)
            return masked.penaltyScore()
        }
        #expect(penalties[code.mask] == penalties.min())
    }

    @Test func halfBlockLinesCarryTwoRowsAndTheQuietZone() throws {
        let code = try #require(QRCode(text: "hi", level: .low))
        let lines = code.halfBlockLines(quietZoneModules: 4)
        #expect(lines.count == (code.sideModules + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.sideModules + 8 })
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " })
        // Rows 0 and 1 hold the finder's top edge (dark) over its light ring, its sides dark on both.
        let finderTop = Array(lines[2])[4...10]
        #expect(finderTop.first == "█" && finderTop.last == "█" && finderTop.dropFirst().dropLast().allSatisfy { $0 == "▀" })
        let inverted = code.halfBlockLines(quietZoneModules: 4, blocksDraw: .light)
        #expect(lines[0].allSatisfy { $0 == " " } && inverted[0].allSatisfy { $0 == "█" })
    }

    static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Rendered as a grey-map image, 4 pixels a module, and read back by zbarimg.
    @Test(.enabled(if: zbarimg != nil, "zbarimg is not installed (Debian package zbar-tools)"), arguments: [
        "http://10.0.0.2:8000/?key=x",
        "http://192.168.1.20:8000/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKW",
        "http://192.168.178.100:65535/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKWpgP9eJm8WLFWSRxehrNE3zTFaW",
        "http://172.16.254.254:8000/?key=" + String(repeating: "Ab3_-", count: 36),
    ])
    func zbarimgReadsTheAddressBack(address: String) throws {
        for level in [QRCode.ErrorCorrectionLevel.low, .medium] {
            let code = try #require(QRCode(text: address, level: level))
            let pixelsPerModule = 4
            let side = (code.sideModules + 8) * pixelsPerModule
            var pixels = [UInt8]()
            for py in 0..<side {
                for px in 0..<side {
                    pixels.append(code.isDark(x: px / pixelsPerModule - 4, y: py / pixelsPerModule - 4) ? 0 : 255)
                }
            }
            let image = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-\(UUID().uuidString).pgm")
            defer { try? FileManager.default.removeItem(at: image) }
            try (Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)).write(to: image)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.zbarimg))
            process.arguments = ["--quiet", "--raw", image.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice  // zbarimg's image library complains about D-Bus
            try process.run()
            let read = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "version \(code.version), mask \(code.mask): zbarimg found no code")
            #expect(String(decoding: read, as: UTF8.self).trimmingCharacters(in: .newlines) == address, "version \(code.version), mask \(code.mask)")
        }
    }
}
