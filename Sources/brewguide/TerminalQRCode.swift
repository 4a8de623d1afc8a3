import BrewKit
import Foundation

/// The phone's address as a QR code for the terminal: half-block characters, black on white with
/// ANSI colours, or, when `NO_COLOR` is set, in the terminal's own colours: light modules drawn in
/// its (light) text colour on its (dark) background, or the dark modules drawn when `COLORFGBG` (set
/// by some terminals, `foreground;background`) says the background is light (colour 7 or 15).
enum TerminalQRCode {
    /// Whether standard output is a terminal: the code is drawn only then, so logs hold the key once.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func lines(for text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let code = QRCode(text: text, level: .medium) else {
            return ["(the address is too long to show as a QR code; type it on the phone)"]
        }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty {
            return code.halfBlockLines(quietZoneModules: 4, blocksDraw: hasLightBackground(environment) ? .dark : .light)
        }
        return code.halfBlockLines(quietZoneModules: 4, blocksDraw: .dark).map { "\u{1B}[30;107m\($0)\u{1B}[0m" }
    }

    /// Whether `COLORFGBG` names a light background: its last field, the background's colour
    /// number, is 7 (white) or 15 (bright white). Without it the background is taken to be dark.
    static func hasLightBackground(_ environment: [String: String]) -> Bool {
        guard let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) else { return false }
        return background == 7 || background == 15
    }
}
