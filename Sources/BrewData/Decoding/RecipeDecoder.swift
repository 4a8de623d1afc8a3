import BrewKit
import Foundation

/// Reads recipes: a JSON object with a `steps` array, or a CSV row whose steps come
/// from a companion steps CSV (rows keyed by `recipeId`).
struct RecipeDecoder {
    static let fields: Set<String> = [
        "id", "isStarter", "origin", "method", "name", "defaultDose", "defaultTargetYield",
        "defaultWaterTemperature", "defaultGrindLabel", "grindTactileDescriptor", "createdAt",
        "modifiedAt", "bloomRatio", "pourSplit", "cardDosesGrams", "steps",
    ]

    /// A recipe read without its CSV steps yet.
    struct Draft {
        var recipe: Recipe
        var source: SourceMap
        var hasInlineSteps: Bool
    }

    /// A recipe whose file has an error but whose id can be read is kept, invalid: each error
    /// inside it names the recipe (`Diagnostic.invalidatesRecipeID`), so it is shown with its
    /// reasons and never brewed, its logs still point at it, and the rest of the data is built
    /// (README: an error confined to one recipe). A value that could not be read stands in as
    /// the starter's (`StarterRecipe`), never brewed. Without an id, nothing can name it: the
    /// errors stop the build.
    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Draft? {
        var found: [Diagnostic] = []
        let draft = decodeRecord(node, diagnostics: &found)
        if let id = draft?.recipe.id {
            diagnostics += found.map { finding in
                var finding = finding
                if finding.severity == .error { finding.invalidatesRecipeID = id }
                return finding
            }
        } else {
            diagnostics += found
        }
        return draft
    }

    private static func decodeRecord(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Draft? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a recipe object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the recipe's id, used in its page's file name")
        let isStarter = reader.bool("isStarter") ?? false
        let origin = reader.enumeration(RecipeOrigin.self, "origin") ?? (isStarter ? .starterTemplate : .custom)
        let method = reader.enumeration(BrewMethod.self, "method") ?? .v60
        let name = reader.string("name", required: true)
        let dose = reader.double("defaultDose", required: true, what: "grams of coffee")
        let yield = reader.double("defaultTargetYield", required: true, what: "grams of water")
        let temperature = reader.double("defaultWaterTemperature", required: true, what: "°C")
        let grind = reader.enumeration(GrindLabel.self, "defaultGrindLabel", required: true)
        let tactile = reader.string("grindTactileDescriptor") ?? ""
        let createdAt = reader.date("createdAt")
        let modifiedAt = reader.date("modifiedAt")
        let bloomRatio = reader.double("bloomRatio") ?? Recipe.defaultBloomRatio
        let pourSplit = reader.enumeration(PourSplit.self, "pourSplit") ?? .proportional
        let cardDoses = reader.doubles("cardDosesGrams")

        var steps: [RecipeStep] = []
        var stepLocations: [String: SourceLocation] = [:]
        let inline = reader.node("steps")
        if let inline {
            if case .array(let elements) = inline.value {
                var drafts: [StepDecoder.Draft] = []
                for (position, element) in elements.enumerated() {
                    guard case .object = element.value else {
                        reader.error("steps[\(position)]: expected a step object, found \(element.summary)", at: "steps")
                        continue
                    }
                    let (draft, stepReader) = StepDecoder.decode(element, pathPrefix: "steps[\(position)].", position: position)
                    diagnostics += stepReader.diagnostics
                    if let draft { drafts.append(draft) } else { reader.markFailed() }
                }
                var orderDiagnostics: [Diagnostic] = []
                (steps, stepLocations) = StepDecoder.assemble(drafts, into: &orderDiagnostics)
                if !orderDiagnostics.isEmpty { reader.markFailed(); diagnostics += orderDiagnostics }
            } else {
                reader.error("steps: expected an array of step objects, found \(inline.summary)", at: "steps")
            }
        }
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard let id else { return nil }
        let standIn = StarterRecipe.recipe(createdAt: Date(timeIntervalSince1970: 0))
        let now = Date(timeIntervalSince1970: 0)
        let recipe = Recipe(
            id: id, isStarter: isStarter, origin: origin, method: method, name: name ?? id,
            defaultDose: dose ?? standIn.defaultDose, defaultTargetYield: yield ?? standIn.defaultTargetYield,
            defaultWaterTemperature: temperature ?? standIn.defaultWaterTemperature,
            defaultGrindLabel: grind ?? standIn.defaultGrindLabel, grindTactileDescriptor: tactile,
            createdAt: createdAt ?? modifiedAt ?? now, modifiedAt: modifiedAt ?? createdAt ?? now,
            bloomRatio: bloomRatio, pourSplit: pourSplit, cardDosesGrams: cardDoses, steps: steps)
        var fieldLocations = reader.fieldLocations
        fieldLocations.merge(stepLocations) { _, step in step }
        return Draft(recipe: recipe, source: SourceMap(record: node.location, fields: fieldLocations), hasInlineSteps: inline != nil)
    }
}

