import Foundation

/// The instruction a brewer reads for a step, generated from the structured fields and the
/// (scaled) numbers, so it can never go stale (003 Issue 4). The recipe's own free text is
/// added after it; numbers in that text are not trusted or changed.
public enum StepInstruction {
    /// - Parameters:
    ///   - bloomWaterGrams: for a bloom, the grams to pour.
    ///   - cumulativeWaterGrams: for a pour, the total on the scale when done.
    public static func text(for step: RecipeStep, bloomWaterGrams: Double? = nil, cumulativeWaterGrams: Double? = nil) -> String {
        let generated: String
        switch step.kind {
        case .preparation:
            return step.instructionText.isEmpty ? "Prepare" : step.instructionText
        case .bloom:
            let grams = Format.grams(bloomWaterGrams ?? step.waterAmountGrams ?? 0)
            if let wait = step.durationSeconds {
                generated = "Bloom: pour \(grams), then wait \(Format.clock(wait))"
            } else {
                generated = "Bloom: pour \(grams)"
            }
        case .pour:
            let grams = Format.grams(cumulativeWaterGrams ?? step.waterAmountGrams ?? 0)
            if let by = step.targetElapsedSeconds {
                generated = "Pour to \(grams) by \(Format.clock(by))"
            } else {
                generated = "Pour to \(grams)"
            }
        case .wait:
            if let from = step.targetElapsedSeconds, let to = step.targetElapsedMaxSeconds, to > from {
                generated = "Wait for drawdown, target finish \(Format.clock(from))–\(Format.clock(to))"
            } else if let at = step.targetElapsedSeconds {
                generated = "Wait for drawdown, target finish \(Format.clock(at))"
            } else if let wait = step.durationSeconds {
                generated = "Wait \(Format.clock(wait))"
            } else {
                generated = "Wait for drawdown"
            }
        case .agitate:
            if let duration = step.durationSeconds, duration > 0 {
                generated = "Swirl or stir gently for \(Format.clock(duration))"
            } else {
                generated = "Swirl or stir gently"
            }
        }
        let extra = step.instructionText.trimmingWhitespace
        if extra.isEmpty || restatesStep(extra, kind: step.kind) || repeats(extra, generated: generated, kind: step.kind) { return generated }
        return "\(generated). \(extra)"
    }

    /// Whether free text without numbers says nothing the generated text does not: the step's name
    /// ("Bloom", "agitate") or the generated text's own opening ("Wait for drawdown."), any case,
    /// so a page never reads "Bloom: pour 38 g, then wait 0:40. Bloom" (003 Phase 4).
    public static func repeats(_ text: String, generated: String, kind: StepKind) -> Bool {
        let words = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard !words.isEmpty else { return true }
        if words == kind.rawValue.lowercased() { return true }
        let opening = generated.lowercased()
        guard opening.hasPrefix(words) else { return false }
        // Whole words only: "Pour" repeats "Pour to 150 g", "Pour slowly" does not.
        let after = opening.dropFirst(words.count).first
        return after == nil || !(after!.isLetter || after!.isNumber)
    }

    /// Whether free text only restates the step with its own numbers, as recipes in the older
    /// shape of 004 do ("Bloom: pour 45g, start timer", "Pour to 150g by 1:30"). Such text is
    /// dropped: after scaling its numbers would be stale (003 Issue 4).
    public static func restatesStep(_ text: String, kind: StepKind) -> Bool {
        let words = text.trimmingWhitespace.lowercased()
        guard words.contains(where: \.isNumber) else { return false }
        switch kind {
        case .bloom: return words.hasPrefix("bloom")
        case .pour: return words.hasPrefix("pour to")
        case .wait: return words.hasPrefix("wait for drawdown")
        case .preparation, .agitate: return false
        }
    }
}
