import Foundation

/// The apps `kitchen import` reads, and which files of an export are recipes, which are photos.
public enum AppExportFormat: String, Sendable, CaseIterable {
    case paprika, mealie, tandoor, nextcloud, cooklang

    /// The recipes in the files of one export (zips already unpacked), each with its photo when
    /// the export holds one; a file that cannot be read is skipped with its reason. Files that are
    /// another app's recipes are refused, one line for each app, naming the importer to use.
    /// `input`: the path the person named, for that line.
    public func read(_ files: [AppImportFile], meter: AppImportMeter, input: String? = nil) -> AppReading {
        var reading = AppReading()
        var foreign: [AppExportFormat: [String]] = [:]
        let byFolder = Dictionary(grouping: files, by: \.folder)
        for file in files {
            do throws(AppImportFailure) {
                if try !readOwn(file, files: files, byFolder: byFolder, into: &reading, meter: meter), let app = Self.recognise(file), app != self {
                    foreign[app, default: []].append(file.path)
                }
            } catch {
                if let app = error.foreignApp, app != self {
                    foreign[app, default: []].append(file.path)
                } else {
                    reading.skipped.append(error)
                }
            }
        }
        reading.skipped += Self.refusals(foreign, input: input)
        return reading
    }

    /// Reads one file as this app's; false when it is not one of this app's recipe files.
    private func readOwn(_ file: AppImportFile, files: [AppImportFile], byFolder: [String: [AppImportFile]], into reading: inout AppReading,
                         meter: AppImportMeter) throws(AppImportFailure) -> Bool {
        switch self {
        case .paprika:
            let lower = file.name.lowercased()
            guard lower.hasSuffix(".paprikarecipe") || (lower.hasSuffix(".json") && !AppArchive.isZip(file.bytes)) else { return false }
            let json = AppArchive.isGzip(file.bytes) ? try AppArchive.gunzip(file.bytes, path: file.path, meter: meter) : file.bytes
            reading.recipes.append(try PaprikaRecipeReader.read(json: json, origin: file.path, meter: meter))
        case .mealie:
            guard file.name.lowercased().hasSuffix(".json") else { return false }
            guard let object = AppFields.object(file.bytes) else {
                if file.name == "database.json" || file.folder.hasSuffix("/recipes") || file.path.contains("/recipes/") {
                    throw AppImportFailure(file.path, "is not JSON that can be read")
                }
                return false
            }
            if MealieBackupReader.isBackup(object) {
                let backup = try MealieBackupReader.read(json: file.bytes, origin: file.path, photos: Self.mealieBackupPhotos(files))
                reading.append(backup)
            } else if MealieRecipeReader.isRecipe(object), Self.recognise(object) == .mealie {
                var recipe = try MealieRecipeReader.read(json: file.bytes, origin: file.path)
                recipe.photo = Self.photo(in: byFolder[file.folder + "/images"] ?? [], preferring: ["original", "min-original", "tiny-original"])
                reading.recipes.append(recipe)
            } else {
                return false
            }
        case .tandoor:
            guard file.name == "recipe.json" else { return false }
            if let object = AppFields.object(file.bytes), let app = Self.recognise(object), app != .tandoor { throw AppImportFailure(file.path, foreign: app) }
            var recipe = try TandoorRecipeReader.read(json: file.bytes, origin: file.path)
            recipe.photo = Self.photo(in: byFolder[file.folder] ?? [], preferring: ["image"])
            reading.recipes.append(recipe)
        case .nextcloud:
            guard file.name == "recipe.json" else { return false }
            if let object = AppFields.object(file.bytes), let app = Self.recognise(object), app != .nextcloud { throw AppImportFailure(file.path, foreign: app) }
            var recipe = try NextcloudRecipeReader.read(json: file.bytes, origin: file.path)
            recipe.photo = Self.photo(in: byFolder[file.folder] ?? [], preferring: ["full", "thumb"])
            reading.recipes.append(recipe)
        case .cooklang:
            guard file.name.lowercased().hasSuffix(".cook") else { return false }
            guard let text = String(validating: file.bytes, as: UTF8.self) else {
                throw AppImportFailure(file.path, AppFields.utf8Problem(file.bytes) ?? "is not UTF-8 text")
            }
            let base = String(file.name.dropLast(".cook".count))
            var recipe = try CooklangRecipeReader.read(text: text, name: base, origin: file.path, sourceBytes: file.bytes)
            // cookcli keeps a recipe's photo beside it under the same name.
            recipe.photo = Self.photo(in: (byFolder[file.folder] ?? []).filter { ($0.name as NSString).deletingPathExtension == base }, preferring: [base])
            reading.recipes.append(recipe)
        }
        return true
    }

    /// A Mealie backup's photos by recipe id: `data/recipes/<id>/images/original.*` (else the smaller copies).
    static func mealieBackupPhotos(_ files: [AppImportFile]) -> [String: AppRecipe.Photo] {
        var byRecipe: [String: [AppImportFile]] = [:]
        for file in files {
            let parts = file.path.components(separatedBy: "/")
            guard parts.count >= 4, parts[parts.count - 2] == "images", parts[parts.count - 4] == "recipes" else { continue }
            byRecipe[parts[parts.count - 3], default: []].append(file)
        }
        return byRecipe.compactMapValues { photo(in: $0, preferring: ["original", "min-original", "tiny-original"]) }
    }

    /// The first image among `files` whose name (without extension) is one of `names`, in that order.
    static func photo(in files: [AppImportFile], preferring names: [String]) -> AppRecipe.Photo? {
        for name in names {
            for file in files where (file.name as NSString).deletingPathExtension.lowercased() == name.lowercased() {
                if let photo = AppRecipe.Photo.sniffing(file.bytes) { return photo }
            }
        }
        return nil
    }
}
