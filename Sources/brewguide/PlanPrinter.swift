import BrewKit
import Foundation

/// Prints a brew plan for the counter (text), for notes (Markdown) or for scripts (JSON).
struct PlanPrinter {
    enum OutputFormat: String, CaseIterable {
        case text
        case markdown
        case json
    }

    let plan: BrewPlan
    let recipe: Recipe

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .text: text
        case .markdown: markdown
        case .json: json
        }
    }

    /// "yield 333 g derived from the 20 g dose" or "dose 18 g derived from the 300 g yield".
    var derivedSentence: String {
        switch plan.derived {
        case .yield: "yield derived from the \(Format.grams(plan.doseGrams)) dose at \(Format.ratio(recipe.defaultRatio))"
        case .dose: "dose derived from the \(Format.grams(plan.targetYieldGrams)) yield at \(Format.ratio(recipe.defaultRatio))"
        }
    }

    var grindWords: String {
        let descriptor = plan.grindLabel == recipe.defaultGrindLabel ? recipe.grindGuidance : plan.grindLabel.defaultTactileDescriptor
        return "\(plan.grindLabel.rawValue) (\(descriptor))"
    }

    var finishText: String {
        let latest = plan.latestFinishSeconds
        return latest > plan.totalSeconds
            ? "\(Format.clock(plan.totalSeconds)) (finish by \(Format.clock(latest)))"
            : Format.clock(plan.totalSeconds)
    }

    func pacing(_ step: PlannedStep) -> String? {
        guard step.kind == .pour, let grams = step.waterGrams else { return nil }
        var words = "+\(Format.grams(grams)) in \(Format.clock(step.windowSeconds))"
        if let rate = step.pourRateGramsPerSecond { words += ", ~\(String(format: "%.1f", rate)) g/s" }
        return words
    }

    // MARK: Text

    var text: String {
        var lines = [
            "\(plan.recipeName) (\(plan.recipeId))",
            "Dose \(Format.grams(plan.doseGrams)) · yield \(Format.grams(plan.targetYieldGrams)) · ratio \(Format.ratio(plan.ratio)) — \(derivedSentence)",
            "Water \(Format.number(plan.waterTemperatureCelsius, decimals: 1)) °C · grind \(grindWords)",
            "",
        ]
        let width = plan.steps.map(\.instruction.count).max() ?? 0
        for step in plan.steps {
            let clock = step.isTimed ? Format.clock(step.startSeconds) : ""
            let instruction = step.instruction.padding(toLength: width, withPad: " ", startingAt: 0)
            let line = "\(clock.leftPadded(to: 5))  \(instruction)  \(pacing(step) ?? "")"
            lines.append(line.trimmingTrailingSpaces)
        }
        lines.append("")
        lines.append("Total \(finishText)")
        if !plan.warnings.isEmpty {
            lines.append("")
            lines.append("Warnings:")
            lines += plan.warnings.map { "  ! \($0.message)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    var markdown: String {
        var lines = [
            "## \(plan.recipeName): \(Format.grams(plan.doseGrams)) → \(Format.grams(plan.targetYieldGrams))",
            "",
            "| Dose | Yield | Ratio | Water | Grind |",
            "| --- | --- | --- | --- | --- |",
            "| \(Format.grams(plan.doseGrams))\(plan.derived == .dose ? " (derived)" : "") | \(Format.grams(plan.targetYieldGrams))\(plan.derived == .yield ? " (derived)" : "") | \(Format.ratio(plan.ratio)) | \(Format.number(plan.waterTemperatureCelsius, decimals: 1)) °C | \(grindWords) |",
            "",
        ]
        for (index, step) in plan.steps.enumerated() {
            var line = "\(index + 1). "
            if step.isTimed { line += "**\(Format.clock(step.startSeconds))–\(Format.clock(step.endSeconds))** " }
            line += step.instruction
            if let pacing = pacing(step) { line += " (\(pacing))" }
            lines.append(line)
        }
        lines.append("")
        lines.append("Total brew time: \(finishText). \(derivedSentence.prefix(1).uppercased() + derivedSentence.dropFirst()).")
        if !plan.warnings.isEmpty {
            lines.append("")
            lines += plan.warnings.map { "> **Warning:** \($0.message)  " }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// The keys of docs/SCALE.md; `null` for absent values, ratio and rates to 0.01.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(JSONPlan(plan))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    struct JSONPlan: Encodable {
        var recipeId: String
        var doseGrams: Double
        var targetYieldGrams: Double
        var ratio: Double
        var waterTemperatureCelsius: Double
        var grindLabel: String
        var derived: String
        var totalSeconds: Double
        var steps: [JSONStep]
        var warnings: [JSONWarning]

        init(_ plan: BrewPlan) {
            recipeId = plan.recipeId
            doseGrams = plan.doseGrams
            targetYieldGrams = plan.targetYieldGrams
            ratio = PlanPrinter.hundredths(plan.ratio)
            waterTemperatureCelsius = plan.waterTemperatureCelsius
            grindLabel = plan.grindLabel.rawValue
            derived = plan.derived.rawValue
            totalSeconds = plan.totalSeconds
            steps = plan.steps.map(JSONStep.init)
            warnings = plan.warnings.map { JSONWarning(field: $0.field, value: PlanPrinter.hundredths($0.value), message: $0.message) }
        }
    }

    struct JSONStep: Encodable {
        var kind: String
        var instruction: String
        var waterGrams: Double?
        var cumulativeWaterGrams: Double?
        var startSeconds: Double
        var endSeconds: Double
        var durationSeconds: Double?
        var targetElapsedSeconds: Double?
        var pourRateGramsPerSecond: Double?

        init(_ step: PlannedStep) {
            kind = step.kind.rawValue
            instruction = step.instruction
            waterGrams = step.waterGrams
            cumulativeWaterGrams = step.cumulativeWaterGrams
            startSeconds = step.startSeconds
            endSeconds = step.endSeconds
            durationSeconds = step.durationSeconds
            targetElapsedSeconds = step.targetElapsedSeconds
            pourRateGramsPerSecond = step.pourRateGramsPerSecond.map(PlanPrinter.hundredths)
        }

        enum CodingKeys: String, CodingKey {
            case kind, instruction, waterGrams, cumulativeWaterGrams, startSeconds, endSeconds, durationSeconds, targetElapsedSeconds, pourRateGramsPerSecond
        }

        /// Absent values are written as `null`, not left out.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(instruction, forKey: .instruction)
            try container.encode(waterGrams, forKey: .waterGrams)
            try container.encode(cumulativeWaterGrams, forKey: .cumulativeWaterGrams)
            try container.encode(startSeconds, forKey: .startSeconds)
            try container.encode(endSeconds, forKey: .endSeconds)
            try container.encode(durationSeconds, forKey: .durationSeconds)
            try container.encode(targetElapsedSeconds, forKey: .targetElapsedSeconds)
            try container.encode(pourRateGramsPerSecond, forKey: .pourRateGramsPerSecond)
        }
    }

    struct JSONWarning: Encodable {
        var field: String
        var value: Double
        var message: String
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    fileprivate var trimmingTrailingSpaces: String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
