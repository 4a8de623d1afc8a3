import BrewData
import BrewKit
import Foundation
import TestSupport

/// The inputs of the fuzz read by readers of their own, not as a record folder's file (issue 24):
/// the meal planner's files (`kitchen/plan/`, `snacks.json`, `shopping.json`, read by
/// `MealPlanContext` and checked against the kitchen), the kitchen's `inbox.json`, and files
/// given to `import-brews beanconqueror`, the kitchen import's archives, recipes and photos
/// (`FuzzKitchenImport`), and merge journals (`.brewguide-merge.json`, one plain and one
/// hostile: a path through a link that leads out, one with `..`), finished by `merge --yes`'s
/// own code, where the promise is also that nothing is written outside the data directory. Each
/// mutated input is written into a scratch folder and read there by the command's own code, so
/// the reading of the file is fuzzed too.
struct FuzzSurfaces: Sendable {
    /// Which reader an input goes to.
    enum Surface: String, Sendable {
        case planner, inbox, beanconqueror, kitchenImport, mergeJournal
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
    /// A data directory holding a link that leads out (`kitchen/lnk → ../../outside`), made
    /// afresh for each merge journal, and the folder beside it that must stay empty.
    let mergeRoot: String
    let mergeOutside: String
    let inputs: [Input]

    /// A merge journal as `MergeWriter` writes one: a new file, a photo in a new folder, a removal.
    static let mergeJournal = """
        {"format": "brewguide-merge-journal", "changes": [
          {"path": "logs/merged-fuzz.json", "before": null, "after": "W10="},
          {"path": "kitchen/images/soup.jpg", "before": null, "after": "/9j/4AAQ"},
          {"path": "logs/old.json", "before": "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945", "after": null}
        ]}
        """

    /// A tampered journal: its paths lead out through a link inside, and through `..`.
    static let hostileMergeJournal = """
        {"format": "brewguide-merge-journal", "changes": [
          {"path": "logs/merged-fuzz.json", "before": null, "after": "W10="},
          {"path": "kitchen/lnk/escape.json", "before": null, "after": "W10="},
          {"path": "kitchen/lnk/deeper/escape.json", "before": null, "after": "W10="},
          {"path": "recipes/../../outside/up.json", "before": null, "after": "W10="}
        ]}
        """

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
        mergeRoot = (scratch as NSString).appendingPathComponent("merge/data")
        mergeOutside = (scratch as NSString).appendingPathComponent("merge/outside")
        for journal in [Self.mergeJournal, Self.hostileMergeJournal] {
            inputs.append(Input(path: MergeJournal.path(root: mergeRoot), surface: .mergeJournal, bytes: Array(journal.utf8)))
        }
        self.inputs = inputs
    }

    /// The merge's data directory as before any journal: `logs/old.json`, `recipes/`, the link.
    func resetMergeRoot() throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: (mergeRoot as NSString).deletingLastPathComponent)
        for folder in [mergeRoot + "/logs", mergeRoot + "/recipes", mergeRoot + "/kitchen", mergeOutside] {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data("[]".utf8).write(to: URL(fileURLWithPath: mergeRoot + "/logs/old.json"))
        try manager.createSymbolicLink(atPath: mergeRoot + "/kitchen/lnk", withDestinationPath: "../../outside")
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
        if input.surface == .mergeJournal {
            do { try resetMergeRoot() } catch { outcome.problems.append("the merge's scratch folder could not be made: \(error)") }
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: input.path))
        } catch {
            outcome.problems.append("the input could not be written to \(input.path): \(error)")
            return outcome
        }
        defer { if input.surface != .beanconqueror, input.surface != .mergeJournal { try? Data(input.bytes).write(to: URL(fileURLWithPath: input.path)) } }
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
        case .mergeJournal:
            outcome = finishMerge()
        }
        return outcome
    }

    /// `merge --yes` finishing the journal: it may refuse, but in words free of control
    /// characters, and nothing may be written outside the data directory either way.
    func finishMerge() -> Outcome {
        var outcome = Outcome()
        do {
            _ = try MergeJournal.finishInterrupted(root: mergeRoot)
        } catch {
            if error.description.unicodeScalars.contains(where: { ShownText.isControl($0) && $0 != "\n" }) {
                outcome.problems.append("merge printed a control character: \(ShownText.escaped(error.description, limit: 300))")
            }
        }
        let outside = (try? FileManager.default.subpathsOfDirectory(atPath: mergeOutside)) ?? []
        if !outside.isEmpty { outcome.problems.append("merge wrote outside the data directory: \(outside.prefix(5))") }
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: (mergeRoot as NSString).deletingLastPathComponent)) ?? []
        if Set(beside) != ["data", "outside"] { outcome.problems.append("merge wrote beside the data directory: \(beside.sorted())") }
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
