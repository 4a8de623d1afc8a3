import Foundation
import PackagePlugin

/// Generates `BrewBuiltIns`' sources: the files under `Templates/` as Swift string literals
/// (rebuilt when any of them changes) and the commit being built (checked before every build,
/// rewritten only when it changed). Both run `/bin/sh` on a script in `Scripts/`, so the plugin
/// builds no tool of its own.
@main
struct EmbedBuiltIns: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let package = context.package.directoryURL
        let templates = package.appendingPathComponent("Templates")
        let embedScript = package.appendingPathComponent("Scripts/embed-templates.sh")
        let buildInfoScript = package.appendingPathComponent("Scripts/build-info.sh")
        let work = context.pluginWorkDirectoryURL
        let templatesSource = work.appendingPathComponent("BuiltInTemplates+Files.swift")
        let buildInfoFolder = work.appendingPathComponent("BuildInfo")
        try FileManager.default.createDirectory(at: buildInfoFolder, withIntermediateDirectories: true)
        let shell = URL(fileURLWithPath: "/bin/sh")
        return [
            .buildCommand(
                displayName: "Embedding the default templates",
                executable: shell,
                arguments: [embedScript.path, templates.path, templatesSource.path],
                inputFiles: [embedScript] + Self.files(under: templates),
                outputFiles: [templatesSource]),
            .prebuildCommand(
                displayName: "Reading the commit being built",
                executable: shell,
                arguments: [buildInfoScript.path, package.path, buildInfoFolder.appendingPathComponent("BuildInfo+Commit.swift").path],
                outputFilesDirectory: buildInfoFolder),
        ]
    }

    /// Every file under `folder` (the folder itself too, so that a file added or removed re-runs the command).
    static func files(under folder: URL) -> [URL] {
        var found = [folder]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return found }
        for case let url as URL in enumerator { found.append(url) }
        return found.sorted { $0.path < $1.path }
    }
}
