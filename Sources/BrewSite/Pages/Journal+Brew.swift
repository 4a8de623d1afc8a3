import BrewData
import BrewKit

/// The brew-along page (`brew/<recipe-id>`, and `brew/<recipe-id>/<dose>g` for each other card
/// dose): PRD 3.6's brew flow for a phone on the counter (US-009–016; 003 phases 3 and 6).
///
/// Without script the page is the step list with each step's start on the brew clock, and the
/// `brewguide log` line to record the brew. `assets/brew.js` turns it into the flow: a start
/// button, the brew clock from the bloom, the current step large with its target and the next one
/// below, a countdown for timed steps, pause, resume and restart, the screen kept awake where the
/// browser has the Screen Wake Lock API, and at the end the `brewguide log` line to copy with the
/// recipe and dose filled in. The plan travels as JSON in the page's head, escaped for a script.
extension Journal {
    /// One brew-along page to make: a valid recipe at one of its card doses.
    struct BrewAlong {
        var recipe: Recipe
        var doseGrams: Double
        var isDefault: Bool
        var path: String
    }

    /// The brew-along pages of the valid recipes, at every card dose (`cardDoses(for:)`).
    func brewAlongs(of recipes: [Recipe]) -> [BrewAlong] {
        recipes.flatMap { recipe in
            cardDoses(for: recipe).enumerated().compactMap { index, dose -> BrewAlong? in
                let inputs = BrewInputs(doseGrams: dose, targetYieldGrams: nil, lastEdited: .dose, waterTemperatureCelsius: nil, grindLabel: nil)
                guard (try? BrewPlanner.plan(recipe, inputs: inputs)) != nil else { return nil }
                return BrewAlong(recipe: recipe, doseGrams: dose, isDefault: index == 0, path: Self.brewPath(recipe.id, dose: dose, isDefault: index == 0))
            }
        }
    }

    /// `brew/v60-starter` for the default dose, `brew/v60-starter/20g` for another.
    static func brewPath(_ recipeId: String, dose: Double, isDefault: Bool) -> String {
        isDefault ? "brew/\(recipeId)" : "brew/\(recipeId)/\(Format.number(dose, decimals: 1))g"
    }

    func brewPage(_ along: BrewAlong) -> Page {
        let recipe = along.recipe
        let inputs = BrewInputs(doseGrams: along.doseGrams, targetYieldGrams: nil, lastEdited: .dose, waterTemperatureCelsius: nil, grindLabel: nil)
        // `brewAlongs` keeps only doses that plan.
        let plan = (try? BrewPlanner.plan(recipe, inputs: inputs))!
        // The page's line carries the plan's total time; the flow's, the brew clock at the finish.
        var command = "brewguide log \(recipe.id)"
        if !along.isDefault { command += " --dose \(Format.number(plan.doseGrams, decimals: 1))" }
        command += " --rating 4"
        let pageCommand = command + " --brew-time \(Format.clock(plan.totalSeconds))" + dataOption
        let root = Page.rootPrefix(of: along.path)
        let otherDoses: [[String: Any]] = brewAlongs(of: [recipe]).filter { $0.path != along.path }.map {
            ["dose": Format.grams($0.doseGrams), "path": $0.path]
        }
        let context: [String: Any] = Self.planValues(plan, of: recipe).merging([
            "otherDoses": otherDoses,
            "hasOtherDoses": !otherDoses.isEmpty,
            "id": recipe.id,
            "name": recipe.name,
            "logCommand": pageCommand,
        ]) { _, page in page }
        let steps = plan.steps.map { step -> JSONValue in
            var members = [
                JSONMember("kind", .string(step.kind.rawValue)),
                JSONMember("instruction", .string(step.instruction)),
                JSONMember("timed", .bool(step.isTimed)),
                JSONMember("start", .number(step.startSeconds)),
                JSONMember("end", .number(step.endSeconds)),
            ]
            if let latest = step.targetElapsedMaxSeconds { members.append(JSONMember("latest", .number(latest))) }
            if let water = step.cumulativeWaterGrams { members.append(JSONMember("water", .number(water))) }
            return .object(members)
        }
        // The save form starts with the plan's dose and the water it pours.
        var formValues: [String: JSONValue] = ["dose": .number(plan.doseGrams)]
        if let water = plan.steps.compactMap(\.cumulativeWaterGrams).max(), water > 0 { formValues["yield"] = .number(water) }
        let data = JSONValue.object([
            JSONMember("recipe", .string(recipe.name)),
            JSONMember("dose", .string(Format.grams(plan.doseGrams))),
            JSONMember("command", .string(command)),
            JSONMember("dataOption", .string(dataOption)),
            JSONMember("steps", .array(steps)),
            // What a served page's "Save this brew" sends (`/_api/log`): declared here, not read
            // from the command line the end screen prints; its fields are `LogField.all`'s
            // (`SaveFormFields`), with the choices and values of this page: the rating's stars,
            // the taste tags with their hints (PRD 3.8.4, said on the end screen as the tag is
            // chosen), the open bags of beans, and the plan's dose and yield. The brew time is
            // the end screen's `data-brew-time`.
            JSONMember("log", .object([
                JSONMember("recipe", .string(recipe.id)),
                JSONMember("fields", SaveFormFields.json(
                    choices: [
                        "rating": (1...5).reversed().map { [String($0), "\($0) star\($0 == 1 ? "" : "s")"] },
                        "tag": TasteTag.allCases.map { [$0.rawValue, $0.displayName, AdjustmentHint.text(for: $0)] },
                        "bean-id": openBagChoices.map { [$0.id, $0.label] },
                    ],
                    values: formValues)),
            ])),
        ])
        // `<` as \u003c: nothing in the data can close the script element.
        let json = String(CanonicalJSON.string(data, sortKeys: false).dropLast()).replacingOccurrences(of: "<", with: "\\u003c")
        let head = "<script type=\"application/json\" id=\"brew-plan\">\(json)</script>\n<script src=\"\(root)assets/brew.js\" defer></script>"
        let app = PageFragment(html: "<div id=\"brew-app\" class=\"brew-app\" hidden></div>\n", markdown: "")
        return Page(path: along.path, title: "Brew along: \(recipe.name), \(Format.grams(plan.doseGrams))", template: "brew",
                    context: context, headHTML: head, fragments: ["app": app])
    }
}
