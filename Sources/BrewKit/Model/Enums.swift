/// The brew method. The PRD's MVP has the V60 only.
public enum BrewMethod: String, Sendable, Hashable, CaseIterable, Codable {
    case v60
}

/// Where a recipe came from (004 `RecipeOrigin`).
public enum RecipeOrigin: String, Sendable, Hashable, CaseIterable, Codable {
    case starterTemplate
    case custom
    case conflictedCopy
}

/// The grind label with the tactile words a brewer can feel (PRD 3.4.3, 3.5).
public enum GrindLabel: String, Sendable, Hashable, CaseIterable, Codable {
    case fine
    case medium
    case coarse

    /// The guidance shown when a recipe gives no descriptor of its own.
    public var defaultTactileDescriptor: String {
        switch self {
        case .fine: "table salt; holds together when pinched"
        case .medium: "sand; slightly finer than sea salt"
        case .coarse: "coarse sea salt; distinct particles"
        }
    }
}

/// The quick taste tag of a brew log (004 `TasteTag`), and `perfect`, which earns PRD 3.8.4's
/// fifth hint ("Perfect: great job - no tips!") that 3.8.2's list of four tags has no way to reach.
public enum TasteTag: String, Sendable, Hashable, CaseIterable, Codable {
    case tooBitter
    case tooSour
    case tooWeak
    case tooStrong
    case perfect

    /// The words the PRD uses: "too bitter".
    public var displayName: String {
        switch self {
        case .tooBitter: "too bitter"
        case .tooSour: "too sour"
        case .tooWeak: "too weak"
        case .tooStrong: "too strong"
        case .perfect: "perfect"
        }
    }
}

/// What a step does (003 Phase 1).
public enum StepKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Setup such as rinsing the filter; manual advance, no timer, no water.
    case preparation
    /// A pre-infusion pour, then a wait of `durationSeconds`.
    case bloom
    /// Reach a cumulative water target by `targetElapsedSeconds` on the brew clock.
    case pour
    /// Passive drawdown: a duration, or a finish window on the brew clock.
    case wait
    /// A brief swirl or stir.
    case agitate
}

/// How the water after the bloom is shared between the pours (issue 3).
public enum PourSplit: String, Sendable, Hashable, CaseIterable, Codable {
    /// In the proportion of the increments the recipe authors.
    case proportional
    /// Equal pours, whatever the recipe authors.
    case even
}
