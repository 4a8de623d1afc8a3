import BrewData
import BrewKit
import Foundation
import TestSupport

/// A small seeded generator (SplitMix64) of random data sets for the rights property tests.
struct RightsGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
    mutating func text() -> String { pick(["Bright", "Dark & Slow", "Café \"olé\"", "comma, here", "line\nbreak", "Ünïcødé ☕", ""]) }
    mutating func date() -> Date { Date(timeIntervalSince1970: Double(int(1_700_000_000...1_800_000_000))) }

    mutating func recipe(id: String) -> Recipe {
        let count = int(1...4)
        let steps = (0..<count).map { index in
            RecipeStep(stepId: "s\(index)", orderIndex: index, kind: index == 0 ? .bloom : .pour, instructionText: text(),
                       durationSeconds: index == 0 ? Double(int(20...60)) : nil,
                       targetElapsedSeconds: index == 0 ? nil : Double(60 * index),
                       waterAmountGrams: Double(50 * (index + 1)))
        }
        let created = date()
        return Recipe(id: id, name: pick(["Morning", "Evening", "Weekend"]) + " \(int(1...99))", defaultDose: Double(int(10...25)),
                      defaultTargetYield: Double(50 * count), defaultWaterTemperature: Double(int(85...96)) + 0.5,
                      defaultGrindLabel: pick(GrindLabel.allCases), grindTactileDescriptor: text(),
                      createdAt: created, modifiedAt: created.addingTimeInterval(Double(int(0...100_000))),
                      bloomRatio: pick([2, 3, 3.3]), pourSplit: pick(PourSplit.allCases), cardDosesGrams: bool() ? [12, 20.5] : [], steps: steps)
    }

    mutating func log(id: String) -> BrewLog {
        BrewLog(id: id, timestamp: date(), recipeId: bool() ? "r\(int(0...5))" : nil, recipeNameAtBrew: pick(["Morning", "Evening"]),
                doseGrams: Double(int(100...250)) / 10, targetYieldGrams: Double(int(200...400)), waterTemperatureCelsius: Double(int(88...97)),
                grindLabel: pick(GrindLabel.allCases), rating: int(1...5), tasteTag: bool() ? pick(TasteTag.allCases) : nil,
                note: bool() ? text().nonEmpty : nil)
    }

    /// A session in the Waterline format (docs/SESSIONS.md): ended, with entries inside it.
    mutating func session(id: String) -> JSONValue {
        let start = date()
        let entries: [JSONValue] = (0..<int(0...3)).map { index in
            let when = JSONMember("timestamp", .string(ISO8601.string(from: start.addingTimeInterval(Double(index + 1) * 600))))
            let entryID = JSONMember("id", .string("\(id)-e\(index)"))
            // An entry edited later on one device carries updatedAt (last write wins by it).
            let stamp: [JSONMember] = bool() ? [] : [JSONMember("updatedAt", .string(ISO8601.string(from: start.addingTimeInterval(Double(int(0...7200))))))]
            if bool() {
                return .object([entryID, when, JSONMember("type", .string("water")),
                                JSONMember("waterMeta", .object([JSONMember("amountMl", .number(Double(int(150...400))))]))] + stamp)
            }
            return .object([entryID, when, JSONMember("type", .string("alcohol")),
                            JSONMember("alcoholMeta", .object([JSONMember("drinkType", .string("beer")), JSONMember("sizeMl", .number(Double(int(100...500)))), JSONMember("abv", .number(5))]))] + stamp)
        }
        return .object([
            JSONMember("id", .string(id)),
            JSONMember("startTime", .string(ISO8601.string(from: start))),
            JSONMember("endTime", .string(ISO8601.string(from: start.addingTimeInterval(3600)))),
            JSONMember("isActive", .bool(false)),
            JSONMember("entries", .array(entries)),
        ] + (bool() ? [] : [JSONMember("updatedAt", .string(ISO8601.string(from: start.addingTimeInterval(Double(int(3600...9000))))))]))
    }

    /// A drink preset, sometimes with updatedAt.
    mutating func preset(id: String) -> JSONValue {
        .object([
            JSONMember("id", .string(id)), JSONMember("name", .string(pick(["Lager", "IPA", "Red"]))),
            JSONMember("drinkType", .string(pick(["beer", "wine"]))), JSONMember("sizeMl", .number(Double(int(100...600)))),
            JSONMember("abv", .number(Double(int(3...14)))),
        ] + (bool() ? [] : [JSONMember("updatedAt", .string(ISO8601.string(from: date())))]))
    }

    /// A data set whose ids come from small pools, so that two sets share ids often.
    mutating func snapshot(pool: Int = 6) -> DataSnapshot {
        var recipes: [String: Recipe] = [:]
        for _ in 0..<int(0...pool) { let id = "r\(int(0...pool))"; recipes[id] = recipe(id: id) }
        var logs: [String: BrewLog] = [:]
        for _ in 0..<int(0...pool * 2) { let id = "log-\(int(0...pool * 2))"; logs[id] = log(id: id) }
        var sessions: [String: JSONValue] = [:]
        for _ in 0..<int(0...pool) { let id = "session-\(int(0...pool))"; sessions[id] = session(id: id) }
        var sessionFiles = sessions.isEmpty ? [] : [SessionFile(relativePath: "sessions/sessions.json", content: .json(.array(sessions.keys.sorted().map { sessions[$0]! })))]
        var presets: [String: JSONValue] = [:]
        for _ in 0..<int(0...3) { let id = "preset-\(int(0...3))"; presets[id] = preset(id: id) }
        if !presets.isEmpty {
            sessionFiles.append(SessionFile(relativePath: "sessions/presets.json", content: .json(.array(presets.keys.sorted().map { presets[$0]! }))))
        }
        let preferences: JSONValue? = bool() ? .object([JSONMember("lastSelectedRecipeId", .string("r1")), JSONMember("cardDosesGrams", .array([.number(12), .number(20)]))]) : nil
        return DataSnapshot(recipes: Array(recipes.values), logs: Array(logs.values), sessionFiles: sessionFiles, preferences: preferences)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension DataSnapshot {
    /// The canonical contents: what equality of data sets means for the rights tests.
    var canonical: String { CanonicalJSON.string(Archive.contents(of: self)) }
}

extension RightsGenerator {
    /// A data set with at least one record of every `RecordKind` (and a thumbnail file), each id
    /// ending in `-every` so that it is found in any file it is carried in.
    mutating func everyKind() -> DataSnapshot {
        var sessionValue = session(id: "session-every")
        while case .array(let entries)? = sessionValue["entries"], entries.isEmpty { sessionValue = session(id: "session-every") }
        let logID = "log-every"
        // A journal has its starter recipe (check refuses one without), which erase keeps.
        var starter = recipe(id: "v60-starter")
        starter.isStarter = true
        starter.origin = .starterTemplate
        let stamp = "2026-11-20T18:00:00Z"
        let kitchen = KitchenRecipe(
            id: "kitchen-recipe-every", title: "Soup " + text(), thumbnail: "kitchen/images/soup-every.png", servings: int(1...6), category: .lunch,
            ingredients: [KitchenIngredient(id: "ingredient-every", name: "lentils", amount: "\(int(100...300)) g")],
            steps: [KitchenStep(id: "kitchen-step-every", order: 1, text: "Simmer " + text())],
            nutrition: KitchenNutrition(calories: int(100...900), protein: 20, carbs: 40, fats: 10), updatedAt: date())
        func json(_ text: String) -> FileContent {
            .json(JSONValue(try! JSONParser.parse(Array(text.utf8), file: "generated")))
        }
        let planner = [
            SessionFile(relativePath: "kitchen/plan/2026-11.json", content: json(#"[{ "id": "slot-every", "day": "2026-11-24", "meal": "Lunch", "snackId": "snack-every", "updatedAt": "\#(stamp)" }]"#)),
            SessionFile(relativePath: "kitchen/snacks.json", content: json(#"[{ "id": "snack-every", "name": "Flapjack", "calories": 180, "protein": 3, "carbs": 24, "fats": 8 }]"#)),
            SessionFile(relativePath: "kitchen/shopping.json", content: json(#"[{ "id": "item-every", "name": "250 g lentils", "checked": false, "updatedAt": "\#(stamp)" }]"#)),
            SessionFile(relativePath: "kitchen/inbox.json", content: json(#"{ "entries": [{ "id": "inbox-every", "type": "url", "content": "https://example.com/every", "createdAt": "\#(stamp)", "status": "pending" }] }"#)),
            SessionFile(relativePath: "kitchen/cooked.json", content: json(#"[{ "id": "cook-every", "recipeId": "kitchen-recipe-every", "cookedAt": "2026-11-20T19:00:00+01:00", "rating": 4, "note": "<em>again</em>", "photo": "kitchen/images/cook-every.png" }]"#)),
            SessionFile(relativePath: "beans/beans.json", content: json(#"[{ "id": "bean-every", "name": "Guji <b>natural</b>", "roaster": "Tim Wendelboe", "roastDate": "2026-10-01", "freezes": [{ "frozenOn": "2026-10-05", "thawedOn": "2026-10-20" }], "weightGrams": 250, "priceCents": 1850, "currency": "EUR", "updatedAt": "\#(stamp)" }]"#)),
        ]
        return DataSnapshot(
            recipes: [starter, recipe(id: "recipe-every")], logs: [log(id: logID)],
            sessionFiles: [SessionFile(relativePath: "sessions/sessions.json", content: .json(.array([sessionValue]))),
                           SessionFile(relativePath: "sessions/presets.json", content: .json(.array([preset(id: "preset-every")])))],
            preferences: .object([JSONMember("cardDosesGrams", .array([.number(12), .number(20)])), JSONMember("lastSelectedRecipeId", .string("recipe-every"))]),
            erasures: [ErasureRecord(kind: .log, id: "log-erased-every", erasedAt: Date(timeIntervalSince1970: 1_760_000_000))],
            kitchenRecipes: [kitchen],
            flows: [BrewFlow(logId: logID, source: "scale", samples: (0...int(3...8)).map { BrewFlow.Sample(seconds: Double($0), grams: Double($0 * 9)) })],
            kitchenFiles: planner,
            // The recipe's thumbnail, and the photo of its cook log (`kitchen cooked --photo`).
            kitchenImages: [KitchenImage(path: "kitchen/images/soup-every.png", bytes: (0..<int(8...64)).map { _ in UInt8(truncatingIfNeeded: next()) }),
                            KitchenImage(path: "kitchen/images/cook-every.png", bytes: (0..<int(8...64)).map { _ in UInt8(truncatingIfNeeded: next()) })])
    }
}
