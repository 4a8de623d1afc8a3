/// The static post-brew hint of PRD 3.8.4. It never adapts and never claims to learn (US-020).
public enum AdjustmentHint {
    public static let perfect = "Perfect: great job - no tips!"

    /// The hint for a taste tag; no tag means the brew tasted right.
    public static func text(for tag: TasteTag?) -> String {
        switch tag {
        case .tooSour: "Too sour: try slightly finer or hotter"
        case .tooBitter: "Too bitter: try slightly coarser or cooler"
        case .tooWeak: "Too weak: try higher dose or finer"
        case .tooStrong: "Too strong: try lower dose or coarser"
        case nil: perfect
        }
    }
}
