import Foundation
import Testing
import TestSupport
@testable import brewguide

/// The QR code `serve --lan` draws on a terminal, read back by zbarimg from a picture of the
/// terminal (`TerminalScreenImage`): what a phone's camera sees, not the encoder's modules.
@Suite(.enabled(if: ZBarImage.path != nil, "zbarimg is not installed (Debian package zbar-tools)"))
struct TerminalQRCodeTests {
    static let addresses = [
        "http://192.0.2.2:8000/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKW",
        "http://192.168.178.100:65535/?key=pgP9eJm8WLFWSRxehrNE3zTFaW_7CpKWpgP9eJm8WLFWSRxe",
        "http://10.0.0.2:8000/?key=" + String(repeating: "Ab3_-", count: 30),
    ]

    /// In colour (black on bright white) the code reads on dark and light terminals alike.
    @Test(arguments: addresses)
    func theColouredCodeReadsOnDarkAndLightTerminals(address: String) throws {
        let lines = TerminalQRCode.lines(for: address, environment: [:])
        for theme in [TerminalScreenImage.Theme.dark, .light] {
            let image = TerminalScreenImage(lines: lines, theme: theme)
            #expect(try ZBarImage.decode(image.pgm) == [address], "on a terminal with background \(theme.background)")
        }
    }

    /// With `NO_COLOR` the light modules are the terminal's text drawn on its dark background.
    @Test(arguments: addresses)
    func theUncolouredCodeReadsOnADarkTerminal(address: String) throws {
        let lines = TerminalQRCode.lines(for: address, environment: ["NO_COLOR": "1"])
        #expect(!lines.joined().contains("\u{1B}"), "NO_COLOR: no escape")
        let image = TerminalScreenImage(lines: lines, theme: .dark)
        #expect(try ZBarImage.decode(image.pgm) == [address])
    }

    /// With `NO_COLOR` and `COLORFGBG` naming a light background (`0;15`), the dark modules are
    /// drawn in the terminal's dark text: the code reads on a light terminal too, not inverted.
    @Test(arguments: addresses)
    func theUncolouredCodeReadsOnALightTerminalThatSaysSo(address: String) throws {
        let lines = TerminalQRCode.lines(for: address, environment: ["NO_COLOR": "1", "COLORFGBG": "0;15"])
        #expect(try ZBarImage.decode(TerminalScreenImage(lines: lines, theme: .light).pgm) == [address])
        let dark = TerminalQRCode.lines(for: address, environment: ["NO_COLOR": "1", "COLORFGBG": "15;default;0"])
        #expect(try ZBarImage.decode(TerminalScreenImage(lines: dark, theme: .dark).pgm) == [address])
        #expect(TerminalQRCode.hasLightBackground(["COLORFGBG": "0;7"]) && !TerminalQRCode.hasLightBackground(["COLORFGBG": "7;0"])
                && !TerminalQRCode.hasLightBackground([:]))
    }

    /// The code keeps its quiet zone: light on all four sides, at least 4 modules (ISO/IEC 18004).
    @Test func theColouredCodeHasAQuietZoneOfFourModulesOnEverySide() throws {
        let address = Self.addresses[0]
        let lines = TerminalQRCode.lines(for: address, environment: [:])
        // One module a cell wide and half a cell tall: a picture with 1 × 1 pixel modules.
        let image = TerminalScreenImage(lines: lines, theme: .dark, cellWidth: 1, marginCells: 0)
        let white = TerminalScreenImage.Theme.dark.palette[15]
        func isLight(_ x: Int, _ y: Int) -> Bool { image.pixels[y * image.width + x] == white }
        // The square of the code: its first and last dark module in each direction.
        let dark = (0..<image.height).flatMap { y in (0..<image.width).filter { !isLight($0, y) }.map { (x: $0, y: y) } }
        let left = try #require(dark.map(\.x).min()), right = try #require(dark.map(\.x).max())
        let top = try #require(dark.map(\.y).min()), bottom = try #require(dark.map(\.y).max())
        #expect(left >= 4 && top >= 4 && image.width - 1 - right >= 4, "left \(left), top \(top), right \(image.width - 1 - right)")
        // Below the code the quiet zone is whole rows: a half line below it is the terminal's background.
        let lightRowsBelow = (bottom + 1..<image.height).prefix { y in (left...right).allSatisfy { isLight($0, y) } }.count
        #expect(lightRowsBelow >= 4, "\(lightRowsBelow) light rows below the code")
        // Every cell of the code's lines is inside the colour: nothing of it shows the terminal's own background.
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }

    /// What `serve --lan` prints on a terminal (a pseudo-terminal here), read back from its picture.
    @Test func serveLANDrawsAddressAsACodeThatReadsBack() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try TerminalBrewGuide(["serve", "--lan", "--port", "0", "--data", data.path, "--output", root.appendingPathComponent("Site").path])
        defer { server.stop() }
        #expect(server.waitFor("listening on", "--lan found no LAN address"), "\(server.output)")
        if server.output.contains("--lan found no LAN address") {
            // A machine with no network: nothing to draw.
            return
        }
        let lines = server.output.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n")
        let addressLine = try #require(lines.firstIndex { $0.hasPrefix("open on your phone: ") }, "\(server.output)")
        let address = String(lines[addressLine].dropFirst("open on your phone: ".count))
        let listening = try #require(lines.firstIndex { $0.hasPrefix("listening on") })
        let code = Array(lines[(addressLine + 1)..<listening])
        #expect(code.count > 10, "\(server.output)")
        for theme in [TerminalScreenImage.Theme.dark, .light] {
            #expect(try ZBarImage.decode(TerminalScreenImage(lines: code, theme: theme).pgm) == [address])
        }
    }
}

/// The built binary with its standard output and error on a pseudo-terminal, as in a terminal
/// window: `isatty` is true for it. What it prints is collected from the terminal's other end.
final class TerminalBrewGuide: @unchecked Sendable {
    let process = Process()
    private let primary: Int32
    private let arrived = NSCondition()
    private var text = ""
    private let readerEnded = DispatchSemaphore(value: 0)

    init(_ arguments: [String]) throws {
        // Glibc's Swift module leaves out the pseudo-terminal calls (they need _XOPEN_SOURCE): found by name.
        typealias OpenPrimary = @convention(c) (Int32) -> Int32
        typealias NameOf = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let open = dlsym(library, "posix_openpt"), let grant = dlsym(library, "grantpt"), let unlock = dlsym(library, "unlockpt"),
              let nameOf = dlsym(library, "ptsname") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal calls"])
        }
        primary = unsafeBitCast(open, to: OpenPrimary.self)(O_RDWR | O_NOCTTY)
        guard primary >= 0, unsafeBitCast(grant, to: OpenPrimary.self)(primary) == 0, unsafeBitCast(unlock, to: OpenPrimary.self)(primary) == 0,
              let name = unsafeBitCast(nameOf, to: NameOf.self)(primary) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal"])
        }
        let secondary = Glibc.open(String(cString: name), O_RDWR | O_NOCTTY)
        guard secondary >= 0 else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = BrewGuideProcess.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(["BREWGUIDE_NOW": BrewGuideProcess.fixedNow, "TERM": "xterm-256color"]) { _, new in new }
        environment["NO_COLOR"] = nil
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        process.standardOutput = terminal
        process.standardError = terminal
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try terminal.close()
        let primary = self.primary
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // EIO once the program has closed the terminal
                arrived.lock()
                text += String(decoding: buffer[0..<count], as: UTF8.self)
                arrived.broadcast()
                arrived.unlock()
            }
            readerEnded.signal()
        }
    }

    var output: String {
        arrived.lock()
        defer { arrived.unlock() }
        return text
    }

    /// Waits until one of `needles` has been printed; false after `seconds` (a bound for a hung process).
    func waitFor(_ needles: String..., seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        arrived.lock()
        defer { arrived.unlock() }
        while !needles.contains(where: text.contains) {
            if !arrived.wait(until: deadline) { return needles.contains(where: text.contains) }
        }
        return true
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        _ = readerEnded.wait(timeout: .now() + 5)
        close(primary)
    }
}
