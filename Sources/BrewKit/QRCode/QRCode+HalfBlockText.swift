extension QRCode {
    /// The code as lines of text, two rows of modules per line with ▀ ▄ █ and space, inside a quiet
    /// zone of `quietZoneModules` light modules. The block characters draw the dark modules when
    /// `blocksDraw` is `.dark` (for dark text on a light background) and the light ones when `.light`
    /// (light text on a dark background).
    public func halfBlockLines(quietZoneModules: Int = 4, blocksDraw: ModuleColour = .dark) -> [String] {
        let range = -quietZoneModules..<(sideModules + quietZoneModules)
        func drawn(_ x: Int, _ y: Int) -> Bool {
            range.contains(y) && isDark(x: x, y: y) == (blocksDraw == .dark)
        }
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { top in
            String(range.map { x -> Character in
                switch (drawn(x, top), drawn(x, top + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }

    public enum ModuleColour: Sendable {
        case dark, light
    }
}
