import Foundation

/// Which app wrote a file, from its name and its JSON's shape: so that one app's export given to
/// another app's importer is refused with the importer to use ("this looks like a Nextcloud
/// export: use `kitchen import nextcloud`"), instead of read as recipes with nothing in them.
extension AppExportFormat {
    /// The app as people name it.
    public var appName: String {
        switch self {
        case .paprika: "Paprika"
        case .mealie: "Mealie"
        case .tandoor: "Tandoor"
        case .nextcloud: "Nextcloud"
        case .cooklang: "Cooklang"
        }
    }

    /// The app whose recipe a JSON object is, by the fields only that app writes; nil when none.
    static func recognise(_ object: [String: Any]) -> AppExportFormat? {
        if MealieBackupReader.isBackup(object) { return .mealie }
        if object["recipe_ingredient"] != nil || object["recipe_instructions"] != nil { return .mealie }
        if let list = object["recipeIngredient"] as? [Any], list.contains(where: { $0 is [String: Any] }) { return .mealie }
        if KitchenPageReader.isType(object["@type"], "Recipe") || object["recipeIngredient"] != nil || object["recipeInstructions"] != nil {
            return object["slug"] != nil ? .mealie : .nextcloud
        }
        if object["steps"] is [Any], object["name"] != nil { return .tandoor }
        if object["name"] != nil, object["directions"] is String || object["ingredients"] is String || (object["uid"] != nil && object["hash"] != nil) {
            return .paprika
        }
        return nil
    }

    /// The app a file belongs to by its name alone (`.paprikarecipe`, `.cook`), else by its JSON.
    static func recognise(_ file: AppImportFile) -> AppExportFormat? {
        let lower = file.name.lowercased()
        if lower.hasSuffix(".paprikarecipe") || lower.hasSuffix(".paprikarecipes") { return .paprika }
        if lower.hasSuffix(".cook") { return .cooklang }
        guard lower.hasSuffix(".json"), let object = AppFields.object(file.bytes) else { return nil }
        return recognise(object)
    }

    /// The refusal of files that are another app's recipes, one for each app.
    static func refusals(_ foreign: [AppExportFormat: [String]], input: String?) -> [AppImportFailure] {
        foreign.keys.sorted { $0.rawValue < $1.rawValue }.map { app in
            let paths = foreign[app] ?? []
            let files = paths.count == 1 ? "" : " (\(paths.count) recipe files)"
            return AppImportFailure(paths.count == 1 ? paths[0] : input ?? paths[0], "this looks like a \(app.appName) export\(files): use `kitchen import \(app.rawValue)`")
        }
    }
}
