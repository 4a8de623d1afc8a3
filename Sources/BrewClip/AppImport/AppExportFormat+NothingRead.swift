import Foundation

/// What an input that gave no recipe and no reason is, said instead of "0 recipes" and exit 0 (a
/// text file, random bytes named `.zip`, an empty folder: issue 45): what it is not, and what the
/// importer expects.
extension AppExportFormat {
    /// What this app's importer reads, for a message.
    public var expectedInput: String {
        switch self {
        case .paprika: "a Paprika export (.paprikarecipes, a zip of recipes, or one .paprikarecipe)"
        case .mealie: "a Mealie backup (.zip) or Mealie recipe .json files"
        case .tandoor: "a Tandoor export (.zip of recipe .json files)"
        case .nextcloud: "a Nextcloud Cookbook export (a folder or .zip of recipe.json files)"
        case .cooklang: "Cooklang recipes (.cook files, or a folder of them)"
        }
    }

    /// The failure for `path`, which was read as `files` and gave nothing: what it is, and that it
    /// is not what this importer reads.
    public func nothingRead(at path: String, files: [AppImportFile]) -> AppImportFailure {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let what: String
        if isFolder.boolValue {
            what = files.isEmpty ? "is an empty folder (no file in it to read)"
                : "is a folder of \(files.count) file\(files.count == 1 ? "" : "s"), none of them \(appName) recipes"
        } else if let file = files.first, files.count == 1 {
            what = Self.kind(of: file)
        } else {
            what = files.isEmpty ? "is an empty archive (no file in it to read)" : "is an archive of \(files.count) files, none of them \(appName) recipes"
        }
        return AppImportFailure(path, "\(what), not \(expectedInput); nothing was imported from it")
    }

    /// What one file is, by its first bytes and its name.
    static func kind(of file: AppImportFile) -> String {
        let lower = file.name.lowercased()
        if file.bytes.isEmpty { return "is an empty file" }
        if lower.hasSuffix(".zip") || lower.hasSuffix(".paprikarecipes") {
            return "is named .\((lower as NSString).pathExtension) but is not a zip archive (it does not start with a zip's signature, PK)"
        }
        if AppArchive.isGzip(file.bytes) { return "is gzip data that holds no recipe" }
        if String(validating: file.bytes, as: UTF8.self) != nil {
            if AppFields.object(file.bytes) != nil { return "is a JSON object that is not a recipe" }
            return "is a text file"
        }
        return "is \(file.bytes.count) bytes of data that are neither a zip archive nor a recipe file"
    }
}
