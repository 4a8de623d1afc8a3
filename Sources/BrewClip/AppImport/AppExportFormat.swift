import Foundation

/// The apps `kitchen import` reads, and which files of an export are recipes, which are photos.
public enum AppExportFormat: String, Sendable, CaseIterable {
    case paprika, mealie, tandoor, nextcloud, cooklang

    /// The recipes in the files of one export (zips already unpacked), each with its photo when
    /// the export holds one; a file that cannot be read is skipped with its reason.
    public func read(_ files: [AppImportFile], meter: AppImportMeter) -> AppReading {
        var reading = AppReading()
        let byFolder = Dictionary(grouping: files, by: \.folder)
        for file in files {
            do throws(AppImportFailure) {
                switch self {
                case .paprika:
                    let lower = file.name.lowercased()
                    guard lower.hasSuffix(".paprikarecipe") || (lower.hasSuffix(".json") && !AppArchive.isZip(file.bytes)) else { continue }
                    let json = AppArchive.isGzip(file.bytes) ? try AppArchive.gunzip(file.bytes, path: file.path, meter: meter) : file.bytes
                    reading.recipes.append(try PaprikaRecipeReader.read(json: json, origin: file.path))
                case .mealie:
                    guard file.name.lowercased().hasSuffix(".json") else { continue }
                    guard let object = AppFields.object(file.bytes) else {
                        if file.name == "database.json" || file.folder.hasSuffix("/recipes") || file.path.contains("/recipes/") {
                            throw AppImportFailure(file.path, "is not JSON that can be read")
                        }
                        continue
                    }
                    if MealieBackupReader.isBackup(object) {
                        let backup = try MealieBackupReader.read(json: file.bytes, origin: file.path, photos: Self.mealieBackupPhotos(files))
                        reading.append(backup)
                    } else if MealieRecipeReader.isRecipe(object) {
                        var recipe = try MealieRecipeReader.read(json: file.bytes, origin: file.path)
                        recipe.photo = Self.photo(in: byFolder[file.folder + "/images"] ?? [], preferring: ["original", "min-original", "tiny-original"])
                        reading.recipes.append(recipe)
                    }
                case .tandoor:
                    guard file.name == "recipe.json" else { continue }
                    var recipe = try TandoorRecipeReader.read(json: file.bytes, origin: file.path)
                    recipe.photo = Self.photo(in: byFolder[file.folder] ?? [], preferring: ["image"])
                    reading.recipes.append(recipe)
                case .nextcloud:
                    guard file.name == "recipe.json" else { continue }
                    var recipe = try NextcloudRecipeReader.read(json: file.bytes, origin: file.path)
                    recipe.photo = Self.photo(in: byFolder[file.folder] ?? [], preferring: ["full", "thumb"])
                    reading.recipes.append(recipe)
                case .cooklang:
                    guard file.name.lowercased().hasSuffix(".cook") else { continue }
                    guard let text = String(validating: file.bytes, as: UTF8.self) else { throw AppImportFailure(file.path, "is not UTF-8 text") }
                    let base = String(file.name.dropLast(".cook".count))
                    var recipe = try CooklangRecipeReader.read(text: text, name: base, origin: file.path, sourceBytes: file.bytes)
                    // cookcli keeps a recipe's photo beside it under the same name.
                    recipe.photo = Self.photo(in: (byFolder[file.folder] ?? []).filter { ($0.name as NSString).deletingPathExtension == base }, preferring: [base])
                    reading.recipes.append(recipe)
                }
            } catch {
                reading.skipped.append(error)
            }
        }
        return reading
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
