import BrewData
import BrewKit
import Foundation
import TestSupport

/// The inputs of the fuzz read by readers of their own, not as a record folder's file (issue 24):
/// the meal planner's files (`kitchen/plan/`, `snacks.json`, `shopping.json`, read by
/// `MealPlanContext` and checked against the kitchen), the kitchen's `inbox.json`, and files
/// given to `import-brews beanconqueror`, and the kitchen import's archives, recipes and photos
/// (`FuzzKitchenImport`). Each mutated input is written into a scratch folder
/// and read there by the command's own code, so the reading of the file is fuzzed too.
struct FuzzSurfaces: Sendable {
    /// Which reader an input goes to.
    enum Surface: String, Sendable {
        case planner, inbox, beanconqueror, kitchenImport
    }

    /// One input as it is before mutation, at its place in the scratch folders.
    struct Input: Sendable {
        var path: String
        var surface: Surface
        var bytes: [UInt8]
    }

    /// The planner's and the inbox's scratch data directory (its preferences give the goals).
    let plannerRoot: String
    /// A journal for `import-brews` to write into (a copy of the valid fixture), and the file it reads.
    let journalRoot: String
    let importPath: String
    /// The kitchen import's scratch data directory and its inputs (`FuzzKitchenImport`).
    let kitchenImport: FuzzKitchenImport
    let inputs: [Input]

    static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// An inbox of each kind of entry, as a share sheet leaves them (the bundled data has none).
    static let inbox = """
        [
          {"id": "inbox-1", "type": "url", "content": "https://example.com/lentil-soup", "createdAt": "2026-11-20T18:00:00Z", "sourceApp": "Safari", "status": "pending"},
          {"id": "inbox-2", "type": "text", "content": "Lentil soup\\n250 g red lentils\\n2 onions", "createdAt": "2026-11-21T08:00:00Z", "status": "ready", "recipeId": "lentil-soup"},
          {"id": "inbox-3", "type": "url", "content": "https://example.com/gone", "status": "failed", "error": "server answered 404"}
        ]
        """

    /// A Beanconqueror backup: references by uuid, a 0–10 scale, a V60, a Chemex, an espresso,
    /// an unrated brew, one in ounces and one with a brew and bloom time.
    static let backup = """
        {"SETTINGS": [{"brew_rating": 10, "brew_rating_steps": 1}],
         "BEANS": [{"name": "Kenya AA", "roaster": "Roaster & Sons", "config": {"uuid": "bean-1"}}],
         "MILL": [{"name": "Comandante", "config": {"uuid": "mill-1"}}],
         "PREPARATION": [{"name": "My V60", "type": "CUSTOM_PREPARATION", "style_type": "POUR OVER", "config": {"uuid": "prep-1"}},
                         {"name": "Chemex", "type": "CHEMEX", "style_type": "POUR OVER", "config": {"uuid": "prep-2"}},
                         {"name": "Sanremo", "type": "SANREMO_YOU", "style_type": "ESPRESSO", "config": {"uuid": "prep-3"}}],
         "BREWS": [
           {"grind_size": "24", "grind_weight": 20, "brew_temperature": 0, "brew_time": 185, "brew_time_milliseconds": 250, "brew_quantity": 320,
            "brew_quantity_type": "GR", "rating": 7, "note": "juicy", "coffee_blooming_time": 40, "bean": "bean-1", "mill": "mill-1",
            "method_of_preparation": "prep-1", "tds": 1.35, "ey": 20.1, "config": {"uuid": "aaaa-1111", "unix_timestamp": 1760000000}},
           {"grind_size": "medium", "grind_weight": "15", "brew_temperature": 93, "brew_quantity": 8.5, "brew_quantity_type": "OZ", "rating": 0,
            "method_of_preparation": "prep-1", "config": {"uuid": "bbbb-2222", "unix_timestamp": 1760100000}},
           {"grind_weight": 30, "brew_quantity": 500, "rating": 9, "method_of_preparation": "prep-2", "config": {"uuid": "cccc-3333", "unix_timestamp": 1760200000}},
           {"grind_weight": 18, "brew_quantity": 36, "rating": 5, "method_of_preparation": "prep-3", "config": {"uuid": "dddd-4444", "unix_timestamp": 1760300000}}
         ]}
        """

    init(dataRoot: String) throws {
        let scratch = TestPaths.temporary("fuzz-surfaces").path
        let manager = FileManager.default
        plannerRoot = (scratch as NSString).appendingPathComponent("planner")
        journalRoot = (scratch as NSString).appendingPathComponent("journal")
        importPath = (scratch as NSString).appendingPathComponent("brews.json")
        try manager.createDirectory(atPath: "\(plannerRoot)/kitchen/plan", withIntermediateDirectories: true)
        try manager.copyItem(atPath: "\(dataRoot)/preferences.json", toPath: "\(plannerRoot)/preferences.json")
        var inputs: [Input] = []
        let plannerFiles = try manager.contentsOfDirectory(atPath: "\(dataRoot)/kitchen/plan").sorted().map { "kitchen/plan/\($0)" }
            + ["kitchen/snacks.json", "kitchen/shopping.json"]
        for relative in plannerFiles {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dataRoot)/\(relative)")))
            inputs.append(Input(path: "\(plannerRoot)/\(relative)", surface: .planner, bytes: bytes))
        }
        inputs.append(Input(path: KitchenInbox.path(root: plannerRoot), surface: .inbox, bytes: Array(Self.inbox.utf8)))
        for input in inputs { try Data(input.bytes).write(to: URL(fileURLWithPath: input.path)) }

        try manager.copyItem(atPath: Self.testsRoot.appendingPathComponent("BrewDataTests/Fixtures/valid").path, toPath: journalRoot)
        let corpus = Self.testsRoot.appendingPathComponent("BrewDataTests/Fixtures/beanconqueror").path
        for name in try manager.contentsOfDirectory(atPath: corpus).sorted() where name.hasSuffix(".json") {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(name)")))
            inputs.append(Input(path: importPath, surface: .beanconqueror, bytes: bytes))
        }
        inputs.append(Input(path: importPath, surface: .beanconqueror, bytes: Array(Self.backup.utf8)))
        let kitchenFolder = (scratch as NSString).appendingPathComponent("kitchen-import")
        try manager.createDirectory(atPath: kitchenFolder, withIntermediateDirectories: true)
        kitchenImport = FuzzKitchenImport(folder: kitchenFolder)
        for (name, bytes) in try FuzzKitchenImport.inputs() {
            inputs.append(Input(path: (kitchenFolder as NSString).appendingPathComponent(name), surface: .kitchenImport, bytes: bytes))
        }
        self.inputs = inputs
    }

    /// The files whose findings may name: the scratch files, the journal's, and what the planner checks against.
    var knownFiles: Set<String> {
        Set(inputs.map(\.path)).union(["\(plannerRoot)/preferences.json", "\(importPath)/\("Beanconqueror.json")"])
    }

    /// What an input's reader found, and any broken promise (a crash ends the run by itself).
    struct Outcome: Sendable {
        var diagnostics: [Diagnostic] = []
        var problems: [String] = []
    }

    /// Reads `bytes` in place of `input` with the reader of its surface, as the command does.
    func run(_ input: Input, bytes: [UInt8], dataset: Dataset, random: UInt64) -> Outcome {
        var outcome = Outcome()
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: input.path))
        } catch {
            outcome.problems.append("the input could not be written to \(input.path): \(error)")
            return outcome
        }
        defer { if input.surface != .beanconqueror { try? Data(input.bytes).write(to: URL(fileURLWithPath: input.path)) } }
        switch input.surface {
        case .planner:
            // What `check` and `build` do with the planner's files: read, check against the kitchen, and the days the pages show.
            let context = MealPlanContext.load(root: plannerRoot, dataset: dataset)
            outcome.diagnostics = context.diagnostics
            for day in Set(context.plan.slots.map(\.value.day)).sorted().prefix(60) { _ = context.day(day) }
            _ = context.fingerprint
        case .inbox:
            KitchenInbox.read(root: plannerRoot, diagnostics: &outcome.diagnostics)
        case .beanconqueror:
            outcome = importBrews(random: random)
        case .kitchenImport:
            outcome = kitchenImport.run(path: input.path, bytes: bytes, random: random)
        }
        return outcome
    }

    /// `import-brews` into the scratch journal: whatever it writes, `check` must accept, and
    /// every line it prints must be free of control characters. What it wrote is then removed.
    func importBrews(random: UInt64) -> Outcome {
        var outcome = Outcome()
        let options = BrewImporter.Options(dataRoot: journalRoot, recipeId: random % 3 == 0 ? "weekend-three-pour" : nil,
                                           ratingScale: random % 5 == 0 ? 10 : nil)
        let report: BrewImporter.Report
        do {
            report = try BrewImporter(options: options).run(files: [importPath])
        } catch {
            outcome.problems.append("import-brews refused to run: \(error.message)")
            return outcome
        }
        outcome.diagnostics = report.fileErrors
        for line in report.lines where line.description.unicodeScalars.contains(where: ShownText.isControl) {
            outcome.problems.append("import-brews printed a control character: \(ShownText.escaped(line.description, limit: 300))")
        }
        if !report.written.isEmpty {
            let errors = DataDirectoryReader(root: journalRoot).read().validated.diagnostics.filter { $0.severity == .error }
            if let first = errors.first {
                outcome.problems.append("import-brews wrote what check rejects (\(errors.count) errors): \(first.description)")
            }
            for path in report.written { try? FileManager.default.removeItem(atPath: path) }
        }
        return outcome
    }
}
