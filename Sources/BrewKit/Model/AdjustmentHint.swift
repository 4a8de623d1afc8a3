/// The static post-brew hint of PRD 3.8.4. It never adapts and never claims to learn (US-020).
///
/// A hint is shown only when a taste tag was saved (US-020: "if a taste tag is selected"); a
/// brew without a tag gets none. PRD 3.8.4's fifth hint, "Perfect: great job - no tips!", has
/// no tag in 3.8.2's list; the journal adds `perfect` as a fifth tag that earns it (issue 16).
/// It is written with a dash, as the journal's other words are (issue 51), not the PRD's hyphen.
public enum AdjustmentHint {
    public static let perfect = "Perfect: great job — no tips!"

    /// The hint as PRD 3.8.4 words it, starting with the tag: "Too sour: try slightly finer or hotter".
    public static func text(for tag: TasteTag) -> String {
        switch tag {
        case .perfect: perfect
        default: "\(tag.displayName.prefix(1).uppercased())\(tag.displayName.dropFirst()): \(advice(for: tag))"
        }
    }

    /// The hint of a brew: nil without a taste tag.
    public static func hint(for tag: TasteTag?) -> String? { tag.map(text(for:)) }

    /// The advice alone, for a page that names the tag beside it: "try slightly finer or hotter".
    public static func advice(for tag: TasteTag) -> String {
        switch tag {
        case .tooSour: "try slightly finer or hotter"
        case .tooBitter: "try slightly coarser or cooler"
        case .tooWeak: "try higher dose or finer"
        case .tooStrong: "try lower dose or coarser"
        case .perfect: "great job — no tips!"
        }
    }
}
