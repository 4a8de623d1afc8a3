import Foundation
import Testing
import TestSupport

/// Runs the built `brewguide scale` and checks its output and exit status.
@Suite struct ScaleCommandTests {
    static let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/brewguide")
    static let data = TestPaths.journal.path

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func brewguide(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func scale(_ arguments: [String], data: String = data) throws -> Run {
        try brewguide(["scale"] + arguments + ["--data", data])
    }

    static func json(_ run: Run) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func cumulative(_ plan: [String: Any]) -> [Double] {
        (plan["steps"] as? [[String: Any]] ?? []).compactMap { $0["cumulativeWaterGrams"] as? Double }
    }

    /// A data directory holding one recipe file.
    static func dataDirectory(recipe: [String: Any]) throws -> URL {
        let root = TestPaths.temporary("brewguide-scale")
        let recipes = root.appendingPathComponent("recipes")
        try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: recipe, options: [.prettyPrinted])
        try data.write(to: recipes.appendingPathComponent("\(recipe["id"] as? String ?? "recipe").json"))
        return root
    }

    static func starterJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: TestPaths.journal.appendingPathComponent("recipes/v60-starter.json"))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func doseTwentyAsJSON() throws {
        let run = try Self.scale(["v60-starter", "--dose", "20", "--format", "json"])
        #expect(run.status == 0)
        let plan = try Self.json(run)
        #expect(Set(plan.keys) == ["recipeId", "doseGrams", "targetYieldGrams", "ratio", "waterTemperatureCelsius", "grindLabel", "derived", "totalSeconds", "steps", "warnings"])
        #expect(plan["recipeId"] as? String == "v60-starter")
        #expect(plan["doseGrams"] as? Double == 20)
        #expect(plan["targetYieldGrams"] as? Double == 333)
        #expect(plan["derived"] as? String == "yield")
        #expect(plan["totalSeconds"] as? Double == 180)
        #expect(Self.cumulative(plan) == [60, 200, 333])
        let steps = try #require(plan["steps"] as? [[String: Any]])
        for step in steps {
            #expect(Set(step.keys) == ["kind", "instruction", "waterGrams", "cumulativeWaterGrams", "startSeconds", "endSeconds", "durationSeconds", "targetElapsedSeconds", "pourRateGramsPerSecond"])
        }
        #expect(steps[0]["waterGrams"] is NSNull, "nulls are written")
        #expect(steps[3]["instruction"] as? String == "Pour to 200 g by 1:30")
        #expect(steps[3]["pourRateGramsPerSecond"] as? Double == 3.11)
        #expect((plan["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func yieldThreeHundred() throws {
        let plan = try Self.json(Self.scale(["v60-starter", "--yield", "300", "--format", "json"]))
        #expect(plan["doseGrams"] as? Double == 18)
        #expect(plan["derived"] as? String == "dose")
        #expect(Self.cumulative(plan) == [54, 180, 300])
    }

    @Test func theLaterOfDoseAndYieldWins() throws {
        let yieldLast = try Self.json(Self.scale(["v60-starter", "--dose", "20", "--yield=300", "--format", "json"]))
        #expect(yieldLast["derived"] as? String == "dose")
        #expect(yieldLast["doseGrams"] as? Double == 18)
        let doseLast = try Self.json(Self.scale(["v60-starter", "--yield", "300", "--dose=20", "--format", "json"]))
        #expect(doseLast["derived"] as? String == "yield")
        #expect(doseLast["targetYieldGrams"] as? Double == 333)
        let text = try Self.scale(["v60-starter", "--yield", "300", "--dose", "20"])
        #expect(text.stdout.contains("yield derived from the 20 g dose"))
    }

    @Test func textAndMarkdown() throws {
        let text = try Self.scale(["v60-starter", "--dose", "20"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Bloom: pour 60 g, then wait 0:45"))
        #expect(text.stdout.contains("Total 3:00 (finish by 3:30)"))
        let markdown = try Self.scale(["v60-starter", "--dose", "45", "--temperature", "98", "--grind", "fine", "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("## V60 Starter: 45 g → 750 g"))
        #expect(markdown.stdout.contains("> **Warning:** dose 45 g is above the recommended range 12–40 g"))
        #expect(markdown.stdout.contains("98 °C"))
        #expect(markdown.stdout.contains("fine (table salt"))
    }

    @Test func warningsInJSON() throws {
        let plan = try Self.json(Self.scale(["v60-starter", "--dose", "45", "--temperature", "98", "--format", "json"]))
        let warnings = try #require(plan["warnings"] as? [[String: Any]])
        let fields = warnings.compactMap { $0["field"] as? String }
        #expect(fields == ["doseGrams", "targetYieldGrams", "waterTemperatureCelsius", "pourRateGramsPerSecond", "pourRateGramsPerSecond"])
        #expect(warnings.first?["value"] as? Double == 45)
    }

    @Test func anUnknownRecipeSuggestsTheClosest() throws {
        let run = try Self.scale(["v60-startr"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("did you mean \"v60-starter\"?"))
    }

    @Test func anImpossiblePlanFails() throws {
        let run = try Self.scale(["v60-starter", "--dose", "0"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot plan recipe \"v60-starter\""))
        var recipe = try Self.starterJSON()
        recipe["bloomRatio"] = 20.0
        let root = try Self.dataDirectory(recipe: recipe)
        defer { try? FileManager.default.removeItem(at: root) }
        let bloom = try Self.scale(["v60-starter"], data: root.path)
        #expect(bloom.status == 1)
        #expect(bloom.stderr.contains("at or above the 250 g yield"))
    }

    @Test func anInvalidRecipePrintsItsReasons() throws {
        var recipe = try Self.starterJSON()
        recipe["defaultTargetYield"] = 300
        let root = try Self.dataDirectory(recipe: recipe)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.scale(["v60-starter"], data: root.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recipe \"v60-starter\" is invalid"))
        #expect(run.stderr.contains("defaultTargetYield"))
    }

    /// A starter saved in 004's shape: no `kind`, `timerDurationSeconds`, numbers in the text.
    @Test func theOlderStepShapeScales() throws {
        var recipe = try Self.starterJSON()
        recipe["steps"] = [
            ["stepId": "rinse", "orderIndex": 0, "instructionText": "Rinse filter and preheat"],
            ["stepId": "add-coffee", "orderIndex": 1, "instructionText": "Add coffee, level bed"],
            ["stepId": "bloom", "orderIndex": 2, "instructionText": "Bloom: pour 45g, start timer", "timerDurationSeconds": 45, "waterAmountGrams": 45],
            ["stepId": "pour-1", "orderIndex": 3, "instructionText": "Pour to 150g by 1:30", "timerDurationSeconds": 90, "waterAmountGrams": 150],
            ["stepId": "pour-2", "orderIndex": 4, "instructionText": "Pour to 250g by 2:15", "timerDurationSeconds": 135, "waterAmountGrams": 250],
            ["stepId": "drawdown", "orderIndex": 5, "instructionText": "Wait for drawdown, target finish 3:00–3:30", "timerDurationSeconds": 180],
        ] as [[String: Any]]
        let root = try Self.dataDirectory(recipe: recipe)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Self.scale(["v60-starter", "--dose", "20", "--format", "json"], data: root.path)
        #expect(run.status == 0, "\(run.stderr)")
        let plan = try Self.json(run)
        #expect(Self.cumulative(plan) == [60, 200, 333])
        let instructions = (plan["steps"] as? [[String: Any]] ?? []).compactMap { $0["instruction"] as? String }
        #expect(instructions == [
            "Rinse filter and preheat", "Add coffee, level bed", "Bloom: pour 60 g, then wait 0:45",
            "Pour to 200 g by 1:30", "Pour to 333 g by 2:15", "Wait for drawdown, target finish 3:00–3:30",
        ])
        #expect(plan["totalSeconds"] as? Double == 180)
    }

    @Test func everyBundledRecipeScales() throws {
        for id in ["v60-starter", "bright-morning", "weekend-three-pour", "dark-roast-low-temp"] {
            for dose in ["12", "20", "30"] {
                let plan = try Self.json(Self.scale([id, "--dose", dose, "--format", "json"]))
                #expect(Self.cumulative(plan).last == plan["targetYieldGrams"] as? Double, "\(id) at \(dose) g")
            }
        }
    }
}
