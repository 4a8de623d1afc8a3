import BrewKit
import Foundation

/// The phone's address as a QR code for the terminal: half-block characters, black on white with
/// ANSI colours, or, when `NO_COLOR` is set, light modules drawn in the terminal's (light) text colour
/// on its (dark) background.
enum TerminalQRCode {
    /// Whether standard output is a terminal: the code is drawn only then, so logs hold the key once.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func lines(for text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let code = QRCode(text: text, level: .medium) else {
            return ["(the address is too long to show as a QR code; type it on the phone)"]
        }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty {
            return code.halfBlockLines(quietZoneModules: 4, blocksDraw: .light)
        }
        return code.halfBlockLines(quietZoneModules: 4, blocksDraw: .dark).map { "\u{1B}[30;107m\($0)\u{1B}[0m" }
    }
}
