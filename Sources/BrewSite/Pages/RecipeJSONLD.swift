import BrewKit
import Foundation

/// schema.org `Recipe` JSON-LD for a recipe page, made with JSONSerialization (so every
/// string is JSON-escaped) and made safe inside `<script>` by `HTMLEscaping.scriptSafeJSON`.
enum RecipeJSONLD {
    static func script(for recipe: Recipe) -> String {
        let totalSeconds = recipe.steps.reduce(0.0) { clock, step in
            max(clock, step.targetElapsedMaxSeconds ?? step.targetElapsedSeconds ?? clock + (step.durationSeconds ?? 0))
        }
        let object: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": recipe.name,
            "recipeCategory": "Coffee",
            "recipeCuisine": "Pour-over (V60)",
            "recipeYield": "\(Format.number(recipe.defaultTargetYield)) g",
            "recipeIngredient": [
                "\(Format.grams(recipe.defaultDose)) coffee, ground \(recipe.defaultGrindLabel.rawValue) (\(recipe.grindGuidance))",
                "\(Format.grams(recipe.defaultTargetYield)) water at \(Format.number(recipe.defaultWaterTemperature)) °C",
            ],
            "recipeInstructions": recipe.steps.map { ["@type": "HowToStep", "text": StepInstruction.text(for: $0)] },
            "totalTime": isoDuration(totalSeconds),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "" }
        return "<script type=\"application/ld+json\">\(HTMLEscaping.scriptSafeJSON(String(decoding: data, as: UTF8.self)))</script>"
    }

    /// `PT3M30S`.
    static func isoDuration(_ seconds: Double) -> String {
        let total = Int(saturating: seconds.rounded())
        let minutes = total / 60
        let rest = total % 60
        return "PT" + (minutes > 0 ? "\(minutes)M" : "") + (rest > 0 || minutes == 0 ? "\(rest)S" : "")
    }
}
