import ArgumentParser
import BrewClip
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen import paprika|mealie|tandoor|nextcloud|cooklang FILE_OR_FOLDER…`: recipes
/// from the apps home cooks already use (issue 30).
struct KitchenImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import recipes from Paprika, Mealie, Tandoor, Nextcloud Cookbook or Cooklang (.cook) exports.",
        discussion: """
            Each recipe becomes kitchen/recipes/<id>.json (its photo kitchen/images/<id>.<ext>), checked as \
            check would and written atomically, whole or not at all; nothing is ever overwritten. A recipe \
            already here (same source id, or same sourceUrl) is skipped and said so; one that cannot be read \
            is skipped with its reason and the rest go on (exit status 1: a file or recipe that could not be read \
            or would not pass check is an error; one already here is not). Another app's export is refused, \
            naming the importer to use. Zips, nested zips and gzip are read in memory within fixed bounds. See docs/KITCHEN.md.
            """
    )

    @Argument(help: "The app: paprika, mealie, tandoor, nextcloud or cooklang.")
    var app: AppExportFormat

    @Argument(help: "Export files (.zip, .paprikarecipes, .paprikarecipe, .json, .cook) or folders.")
    var paths: [String]

    @OptionGroup var dataOptions: DataOptions

    @Flag(help: "Say what would be imported; write nothing.")
    var dryRun = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one export file or folder") }
    }

    func run() throws {
        let root = dataOptions.data
        let lock = dryRun ? nil : try CommandLock.data(root, for: "brewguide kitchen import")
        defer { lock?.release() }
        var existing = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value)
        if !dryRun {
            // Photos a stopped import or clip left pending: put in place for a recipe written, else removed.
            let finished = KitchenPhotoFiles.finishInterrupted(root: root, namedPhotos: KitchenPhotoFiles.named(by: existing))
            for line in finished { StandardError.write(line + "\n") }
            if !finished.isEmpty { existing = DataDirectoryReader(root: root).read().validated.dataset.kitchenRecipes.map(\.value) }
        }
        var importer = KitchenAppImporter(root: root, existing: existing, dryRun: dryRun)
        let meter = AppImportMeter()
        var imported = 0, already = 0, skipped = 0
        for path in paths {
            var reading = AppReading()
            do {
                let (files, unread) = try AppImportFiles.read(path, meter: meter)
                reading = app.read(files, meter: meter, input: path)
                reading.skipped = unread + reading.skipped
                // Nothing read and nothing said: what the input is not (an error, exit status 1).
                if reading.recipes.isEmpty, reading.skipped.isEmpty { reading.skipped = [app.nothingRead(at: path, files: files)] }
            } catch {
                reading.skipped = [error]
            }
            for failure in reading.skipped {
                skipped += 1
                StandardError.write("\(failure.description); skipped\n")
            }
            for recipe in reading.recipes {
                let outcome = importer.importRecipe(recipe, meter: meter)
                // Names and titles are the export's: their control characters are written out.
                let origin = AppImportText.shown(outcome.origin), title = AppImportText.shown(outcome.title)
                switch outcome.kind {
                case .imported:
                    imported += 1
                    print("\(origin): \(AppImportText.shown(outcome.message, keepLines: true))")
                case .alreadyHere:
                    already += 1
                    print("\(origin): note: \"\(title)\" \(AppImportText.shown(outcome.message, keepLines: true))")
                case .skipped:
                    skipped += 1
                    StandardError.write("\(origin): error: \"\(title)\" \(AppImportText.shown(outcome.message, keepLines: true))\n")
                }
                for warning in outcome.warnings { StandardError.write("\(origin): warning: \"\(title)\" \(AppImportText.shown(warning))\n") }
            }
        }
        func recipes(_ count: Int) -> String { "\(count) recipe\(count == 1 ? "" : "s")" }
        let summary = "\(dryRun ? "would import" : "imported") \(recipes(imported)), already here \(already), could not be read \(skipped)"
        print(dryRun ? summary + " (dry run: nothing written)" : summary)
        if skipped > 0 { throw ExitCode(1) }
    }
}

extension AppExportFormat: ExpressibleByArgument {}
