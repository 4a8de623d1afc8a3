import BrewKit

/// Reads one recipe step, in the shape of 003 (`kind`, `durationSeconds`,
/// `targetElapsedSeconds`) or in the older shape of 004 (`timerDurationSeconds`,
/// no `kind`), which is migrated as `LegacyStepMigration` describes.
struct StepDecoder {
    static let fields: Set<String> = [
        "stepId", "orderIndex", "kind", "instructionText", "durationSeconds", "targetElapsedSeconds",
        "targetElapsedMaxSeconds", "waterAmountGrams", "isFixedWater",
        // The older shape (004):
        "timerDurationSeconds", "isCumulativeWaterTarget",
    ]

    /// A step as read, before increments are turned into cumulative targets.
    struct Draft {
        var step: RecipeStep
        var orderIndexGiven: Bool
        var isCumulative: Bool
        /// Where the step and each of its fields stand, keyed by field name without a path.
        var location: SourceLocation
        var fieldLocations: [String: SourceLocation]
    }

    static func decode(_ node: RawNode, pathPrefix: String, position: Int, ignoring ignored: Set<String> = []) -> (draft: Draft?, reader: FieldReader) {
        var reader = FieldReader(node, pathPrefix: pathPrefix)
        let stepId = reader.string("stepId") ?? "step-\(position + 1)"
        let orderIndex = reader.int("orderIndex")
        let text = reader.string("instructionText") ?? ""
        var kind = reader.enumeration(StepKind.self, "kind")
        var duration = reader.double("durationSeconds")
        var target = reader.double("targetElapsedSeconds")
        var targetMax = reader.double("targetElapsedMaxSeconds")
        let water = reader.double("waterAmountGrams")
        let fixed = reader.bool("isFixedWater") ?? false
        let cumulative = reader.bool("isCumulativeWaterTarget") ?? true
        let legacyTimer = reader.double("timerDurationSeconds")

        if kind == nil && !reader.has("kind") {
            kind = LegacyStepMigration.kind(instructionText: text, hasWater: water != nil, hasTimer: legacyTimer != nil || duration != nil || target != nil)
        }
        if let legacyTimer {
            if duration != nil || target != nil {
                reader.error("timerDurationSeconds is the older field; give durationSeconds or targetElapsedSeconds instead, not both", at: "timerDurationSeconds")
            } else if let kind {
                switch LegacyStepMigration.timerMeaning(for: kind) {
                case .duration: duration = legacyTimer
                case .milestone: target = legacyTimer
                }
                // 004's drawdown keeps its window: "target finish 3:00–3:30" with 180 s on the timer.
                if kind == .wait, targetMax == nil, let window = LegacyStepMigration.finishWindow(in: text), window.from == legacyTimer {
                    targetMax = window.to
                }
            }
        }
        reader.warnAboutUnknownFields(known: fields, ignoring: ignored)
        guard let kind, !reader.failed else { return (nil, reader) }
        let step = RecipeStep(
            stepId: stepId, orderIndex: orderIndex ?? position, kind: kind, instructionText: text,
            durationSeconds: duration, targetElapsedSeconds: target, targetElapsedMaxSeconds: targetMax,
            waterAmountGrams: water, isFixedWater: fixed)
        var fieldLocations: [String: SourceLocation] = [:]
        for (path, location) in reader.fieldLocations { fieldLocations[String(path.dropFirst(pathPrefix.count))] = location }
        let draft = Draft(step: step, orderIndexGiven: orderIndex != nil, isCumulative: cumulative, location: node.location, fieldLocations: fieldLocations)
        return (draft, reader)
    }

    /// Orders drafts by `orderIndex`, numbers them from 0, turns incremental water into
    /// cumulative targets, and returns the steps with their locations under their final paths.
    static func assemble(_ drafts: [Draft], into diagnostics: inout [Diagnostic]) -> (steps: [RecipeStep], locations: [String: SourceLocation]) {
        var seen: [Int: SourceLocation] = [:]
        for draft in drafts where draft.orderIndexGiven {
            if let first = seen[draft.step.orderIndex] {
                diagnostics.append(.error("orderIndex \(draft.step.orderIndex) is already used by the step at \(first)", at: draft.fieldLocations["orderIndex"] ?? draft.location))
            } else {
                seen[draft.step.orderIndex] = draft.location
            }
        }
        let ordered = drafts.enumerated().sorted { a, b in
            a.element.step.orderIndex != b.element.step.orderIndex
                ? a.element.step.orderIndex < b.element.step.orderIndex
                : a.offset < b.offset
        }.map(\.element)
        var running = 0.0
        var steps: [RecipeStep] = []
        var locations: [String: SourceLocation] = [:]
        for (index, draft) in ordered.enumerated() {
            var step = draft.step
            step.orderIndex = index
            if step.addsWater, let water = step.waterAmountGrams {
                if !draft.isCumulative { step.waterAmountGrams = running + water }
                running = step.waterAmountGrams ?? running
            }
            steps.append(step)
            let path = "steps[\(index)]"
            locations[path] = draft.location.naming(path)
            for (field, location) in draft.fieldLocations { locations["\(path).\(field)"] = location.naming("\(path).\(field)") }
        }
        return (steps, locations)
    }
}

/// How a step in the older shape (004: `timerDurationSeconds`, no `kind`) is read,
/// following 003's migration section.
public enum LegacyStepMigration {
    public enum TimerMeaning { case duration, milestone }

    /// The kind, from the instruction's words first ("Rinse…", "Add coffee…" → preparation,
    /// "Bloom…" → bloom, "Pour…" → pour, "Wait…"/"drawdown" → wait, "swirl"/"stir" → agitate),
    /// then from the fields: water → pour (003's default), a timer alone → wait, nothing → preparation.
    public static func kind(instructionText: String, hasWater: Bool, hasTimer: Bool) -> StepKind {
        let words = instructionText.lowercased()
        if words.contains("bloom") { return .bloom }
        if words.contains("swirl") || words.contains("stir") || words.contains("agitate") { return .agitate }
        if words.contains("drawdown") || words.hasPrefix("wait") { return .wait }
        if words.hasPrefix("pour") || (hasWater && words.contains("pour")) { return .pour }
        if words.contains("rinse") || words.contains("preheat") || words.contains("add coffee") || words.contains("level") || words.contains("grind") {
            return hasWater ? .pour : .preparation
        }
        if hasWater { return .pour }
        return hasTimer ? .wait : .preparation
    }

    /// The finish window an older step's words give: "target finish 3:00–3:30" → 180 s to 210 s
    /// (an en dash, a hyphen or "to" between two m:ss times); nil without two rising times.
    public static func finishWindow(in text: String) -> (from: Double, to: Double)? {
        let pattern = /(\d{1,2}):([0-5]\d)\s*(?:–|-|—|to)\s*(\d{1,2}):([0-5]\d)/
        guard let match = text.firstMatch(of: pattern),
              let fromMinutes = Double(match.1), let fromSeconds = Double(match.2),
              let toMinutes = Double(match.3), let toSeconds = Double(match.4) else { return nil }
        let from = fromMinutes * 60 + fromSeconds, to = toMinutes * 60 + toSeconds
        return to > from ? (from, to) : nil
    }

    /// What `timerDurationSeconds` meant for a kind (003 Issue 2): a wait after pouring for a
    /// bloom, agitation or plain wait; a milestone on the brew clock for a pour. A drawdown
    /// "target finish 3:00" is a milestone too: 004's starter stores 180 s for it.
    public static func timerMeaning(for kind: StepKind) -> TimerMeaning {
        switch kind {
        case .pour, .wait: .milestone
        case .bloom, .agitate, .preparation: .duration
        }
    }
}
