import BrewKit
import Foundation

/// Makes a new journal (`brewguide init`): the V60 starter of PRD 3.5, an empty folder for each
/// record kind, the Waterline document's quick-drink presets (001 §9.3: "12oz beer", "5oz wine",
/// "vodka soda") in `sessions/presets.json`, and `preferences.json` with the starter selected and
/// the local time zone.
///
/// A folder that holds anything but hidden files is refused unless `force` is set; with it only
/// what is missing is added and nothing that exists is changed. Files are written atomically.
public struct JournalStarter: Sendable {
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let root: String
    public let timeZone: String
    public let now: Date

    public init(root: String, timeZone: String, now: Date = Date()) {
        self.root = root
        self.timeZone = timeZone
        self.now = now
    }

    /// The starter's path under the root.
    public static let starterPath = "recipes/\(StarterRecipe.id).json"

    /// Writes what is missing and returns the paths made, relative to the root, in order.
    public func run(force: Bool) throws -> [String] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: root, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Refusal(description: "\(root) is a file, not a folder") }
            let visible = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            if !visible.isEmpty && !force {
                throw Refusal(description: "\(root) is not empty (it holds \(visible.prefix(3).joined(separator: ", "))\(visible.count > 3 ? ", …" : "")); choose an empty folder, or give --force to add only what is missing")
            }
        }
        var made: [String] = []
        for kind in RecordKind.folderKinds {
            let folder = (root as NSString).appendingPathComponent(kind.folderName)
            if manager.fileExists(atPath: folder) { continue }
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Refusal(description: "\(folder): cannot create the folder: \(error.localizedDescription)")
            }
            made.append(kind.folderName + "/")
        }
        let files: [(String, String)] = [
            (Self.starterPath, Self.starterJSON(createdAt: now)),
            (Self.presetsPath, Self.presetsJSON),
            (DataDirectoryReader.preferencesFileName, Self.preferencesJSON(timeZone: timeZone)),
        ]
        for (relative, text) in files {
            let path = (root as NSString).appendingPathComponent(relative)
            if manager.fileExists(atPath: path) { continue }
            // With --force, a starter already in the data under another file name is not added twice.
            if relative == Self.starterPath, force, hasStarter() { continue }
            do {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                throw Refusal(description: error.description)
            }
            made.append(relative)
        }
        return made
    }

    /// Why the journal has no starter although its file is there (so `init --force` would write
    /// nothing): the first error `check` reports in that file, or that it holds no starter.
    /// Nil when a valid starter is in the data, or when the file is not there (init adds it).
    public func starterProblem() -> String? {
        let path = (root as NSString).appendingPathComponent(Self.starterPath)
        guard DataFileBytes.entryExists(path) else { return nil }
        let validated = DataDirectoryReader(root: root).read().validated
        let invalid = validated.invalidRecipeReasons
        if validated.dataset.recipes.contains(where: { $0.value.isStarter && invalid[$0.value.id] == nil }) { return nil }
        let advice = "init changed nothing in it: fix it, or move it away and run `brewguide init \(root) --force` to write the V60 starter again"
        if let first = validated.diagnostics.first(where: { $0.severity == .error && $0.location.file == path }) {
            return "\(path) is there but is not a valid starter recipe (\(first.description)); \(advice)"
        }
        return "\(path) is there but holds no valid starter recipe (\"isStarter\": true); \(advice)"
    }

    /// Whether the data already has a starter recipe (read as `check` reads it).
    private func hasStarter() -> Bool {
        DataDirectoryReader(root: root).read().validated.dataset.recipes.contains { $0.value.isStarter }
    }

    /// The starter as a JSON file, laid out as a person would write it.
    public static func starterJSON(createdAt: Date) -> String {
        let recipe = StarterRecipe.recipe(createdAt: createdAt)
        let date = ISO8601.string(from: Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down)))
        func number(_ value: Double?) -> String { value.map { Format.number($0) } ?? "" }
        let steps = recipe.steps.map { step -> String in
            var members = ["\"stepId\": \"\(step.stepId)\"", "\"kind\": \"\(step.kind.rawValue)\""]
            if !step.instructionText.isEmpty { members.append("\"instructionText\": \"\(step.instructionText)\"") }
            if let value = step.waterAmountGrams { members.append("\"waterAmountGrams\": \(number(value))") }
            if let value = step.durationSeconds { members.append("\"durationSeconds\": \(number(value))") }
            if let value = step.targetElapsedSeconds { members.append("\"targetElapsedSeconds\": \(number(value))") }
            if let value = step.targetElapsedMaxSeconds { members.append("\"targetElapsedMaxSeconds\": \(number(value))") }
            return "    { " + members.joined(separator: ", ") + " }"
        }
        return """
            {
              "id": "\(recipe.id)",
              "isStarter": true,
              "origin": "starterTemplate",
              "method": "v60",
              "name": "\(recipe.name)",
              "defaultDose": \(number(recipe.defaultDose)),
              "defaultTargetYield": \(number(recipe.defaultTargetYield)),
              "defaultWaterTemperature": \(number(recipe.defaultWaterTemperature)),
              "defaultGrindLabel": "\(recipe.defaultGrindLabel.rawValue)",
              "grindTactileDescriptor": "\(recipe.grindTactileDescriptor)",
              "createdAt": "\(date)",
              "modifiedAt": "\(date)",
              "bloomRatio": 3.0,
              "steps": [
            \(steps.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// The drink presets' path under the root.
    public static let presetsPath = "sessions/presets.json"

    /// 001 §9.3's example quick drinks. The beer and the wine are the NIAAA's 14 g standard drink
    /// (12 fl oz at 5 %, 5 fl oz at 12 %); a vodka soda is one 1.5 fl oz shot at 40 %, counted as 1.
    public static let presetsJSON = """
        [
          { "id": "12oz-beer", "name": "12oz beer", "drinkType": "beer", "size": 12, "sizeUnit": "oz", "abv": 5 },
          { "id": "5oz-wine", "name": "5oz wine", "drinkType": "wine", "size": 5, "sizeUnit": "oz", "abv": 12 },
          { "id": "vodka-soda", "name": "Vodka soda", "drinkType": "cocktail", "standardDrinkEstimate": 1 }
        ]

        """

    public static func preferencesJSON(timeZone: String) -> String {
        """
        {
          "lastSelectedRecipeId": "\(StarterRecipe.id)",
          "timeZone": "\(timeZone)"
        }

        """
    }
}
