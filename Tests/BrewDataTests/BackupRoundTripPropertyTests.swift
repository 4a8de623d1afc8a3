import BrewData
import BrewKit
import Foundation
import PropertyBased
import Testing
import TestSupport

/// The backup comes back: a journal that `check` accepts, with a record of every kind and a
/// kitchen photo with its grid copy (as `kitchen clip` and `kitchen import` write them), is
/// exported, imported into a new folder and exported again. The two archives are the same bytes
/// (their creation time fixed), and `check` finds no error in the imported folder. The export of
/// a journal with a photo's grid copy was once refused by its own import ("is not the thumbnail
/// of any of the archive's kitchen recipes").
@Suite struct BackupRoundTripPropertyTests {
    static let createdAt = Date(timeIntervalSince1970: 1_764_000_000)

    /// The errors `check` would print for `root` (its data and its meal plan).
    static func checkErrors(_ root: String) -> [Diagnostic] {
        let result = DataDirectoryReader(root: root).read()
        let diagnostics = result.validated.diagnostics + MealPlanContext.load(root: root, dataset: result.validated.dataset).diagnostics
        return diagnostics.filter { $0.severity == .error }
    }

    /// The export of the journal at `root`, as `brewguide export` makes it.
    static func export(_ root: String) throws -> [UInt8] {
        Archive.bytes(for: try DataSnapshot.load(root: root), toolVersion: "test", createdAt: createdAt)
    }

    @Test func everyCheckedJournalExportsAndImportsBack() async throws {
        await propertyCheck(count: 8, input: Gen.int(in: 0...1_000_000)) { seed in
            var generator = RightsGenerator(seed: UInt64(seed))
            let journal = generator.everyKindWithPhotos()
            let first = TestPaths.temporary("backup-a").path
            let second = TestPaths.temporary("backup-b").path
            defer {
                try? FileManager.default.removeItem(atPath: first)
                try? FileManager.default.removeItem(atPath: second)
            }
            do {
                // The journal as a folder `check` accepts.
                _ = try Importer.run(archive: Archive.bytes(for: journal, toolVersion: "test", createdAt: Self.createdAt), name: "journal", into: first)
                try #require(Self.checkErrors(first).isEmpty, "seed \(seed): \(Self.checkErrors(first))")
                let exported = try Self.export(first)
                let read = try ArchiveReader.read(exported)
                #expect(read.kitchenImages.map(\.path).contains { $0.hasSuffix(".grid.png") }, "seed \(seed): the grid copy is in the export")
                _ = try Importer.run(archive: exported, name: "a.json", into: second)
                #expect(Self.checkErrors(second).isEmpty, "seed \(seed): \(Self.checkErrors(second))")
                let again = try Self.export(second)
                #expect(again == exported, "seed \(seed): export → import → export changed the archive")
                for image in journal.kitchenImages {
                    let bytes = FileManager.default.contents(atPath: (second as NSString).appendingPathComponent(image.path)).map { [UInt8]($0) }
                    #expect(bytes == image.bytes, "seed \(seed): \(image.path) did not come back")
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }
}

extension RightsGenerator {
    /// `everyKind()` with more of each kind from `snapshot()` (ids kept apart), and each kitchen
    /// recipe's photo beside its grid copy.
    mutating func everyKindWithPhotos() -> DataSnapshot {
        var journal = everyKind()
        let more = snapshot(pool: 4)
        journal.recipes += more.recipes.filter { $0.id != "v60-starter" }
        journal.logs += more.logs.map { log in
            var log = log
            log.recipeId = log.recipeId.map { id in journal.recipes.contains { $0.id == id } ? id : "recipe-every" }
            return log
        }
        journal.sessionFiles += more.sessionFiles.map { file in
            SessionFile(relativePath: file.relativePath.replacingOccurrences(of: ".json", with: "-more.json"), content: file.content)
        }
        var images: [KitchenImage] = []
        for index in 0..<int(1...3) {
            let photo = "kitchen/images/dish-\(index).png"
            var recipe = journal.kitchenRecipes[0]
            recipe.id = "kitchen-recipe-\(index)"
            recipe.title = "Dish \(index) " + text()
            recipe.thumbnail = photo
            recipe.ingredients = recipe.ingredients.map { ingredient in
                var ingredient = ingredient
                ingredient.id = "ingredient-\(index)"
                return ingredient
            }
            recipe.steps = recipe.steps.map { step in
                var step = step
                step.id = "kitchen-step-\(index)"
                return step
            }
            journal.kitchenRecipes.append(recipe)
            images.append(KitchenImage(path: photo, bytes: (0..<int(8...64)).map { _ in UInt8(truncatingIfNeeded: next()) }))
            // Not every photo has its small copy (a clip without libgd, say).
            if index == 0 || bool() {
                images.append(KitchenImage(path: KitchenThumbnail.gridPath(for: photo), bytes: (0..<int(4...32)).map { _ in UInt8(truncatingIfNeeded: next()) }))
            }
        }
        images.append(KitchenImage(path: "kitchen/images/soup-every.grid.png", bytes: [1, 2, 3]))
        return DataSnapshot(
            recipes: journal.recipes, logs: journal.logs, sessionFiles: journal.sessionFiles, preferences: journal.preferences,
            erasures: journal.erasures, kitchenRecipes: journal.kitchenRecipes, flows: journal.flows, kitchenFiles: journal.kitchenFiles,
            kitchenImages: journal.kitchenImages + images)
    }
}
