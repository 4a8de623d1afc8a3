import ArgumentParser
import BrewData
import BrewKit
import BrewSite
import Foundation

/// Options of the commands that render the site.
struct SiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A templates directory whose files replace the built-in templates of the same name.",
        discussion: "A template or asset the folder lacks keeps the built-in one. BREWGUIDE_TEMPLATES names a folder layered between the two. `brewguide templates copy DIR` writes the built-in ones to start from."))
    var templates: String?

    @Option(help: "Where the site is written (output in the config file sets the default).")
    var output: String = RunSettings.usableConfig?.output ?? "Site"

    @Option(name: .customLong("base-url"), help: "The site's public address, for the feed and sitemap (for example https://me.example/coffee/).")
    var baseURL: String?

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .customLong("keep-staging"), help: ArgumentHelp(
        "Keep the previous site's copy beside the output (.Site.staging for Site) when the command ends.",
        discussion: "The next build then writes only the files that changed into it instead of every file: worth it for a journal of thousands of brews rebuilt often."))
    var keepStaging = false

    /// A folder of templates layered over the built-in ones before `--templates`: `BREWGUIDE_TEMPLATES`,
    /// else none. A `Templates/` in the current directory is not looked at: the defaults are in the binary.
    var defaultTemplatesDirectory: String? {
        guard let fromEnvironment = ProcessInfo.processInfo.environment["BREWGUIDE_TEMPLATES"], !fromEnvironment.isEmpty else { return nil }
        return fromEnvironment
    }
}

extension SiteOptions {
    /// Takes the lock on the output directory for `command` (DirectoryLock), or prints who holds
    /// it and exits 1: two commands building into one site at once would leave a mixed site.
    /// First, an output the site must not replace is refused (`WriteTarget.siteRefusal`): the data
    /// directory, a folder around it, a system folder, a folder of templates. Then, holding the
    /// lock, any output or staging folder with files that no build of this tool made (`SiteMarker`):
    /// only under the lock, because a build or watch that holds it may be halfway through making
    /// its staging copy, which is then not yet marked.
    func lockOutput(command: String, data: String) throws -> DirectoryLock {
        let templateFolders = [templates, defaultTemplatesDirectory].compactMap { $0 }
        if let refusal = WriteTarget.siteRefusal(output: output, data: data, templates: templateFolders) {
            throw CommandError("\(refusal)\nnothing was built or removed")
        }
        let lock: DirectoryLock
        do {
            lock = try DirectoryLock.acquire(directory: output, command: command)
        } catch {
            throw CommandError("the output directory \(error.description)")
        }
        if let refusal = SiteMarker.refusal(toReplace: WriteTarget.resolved(output), role: "the output \(output)")
            ?? SiteMarker.refusal(toReplace: SiteTransaction.stagingPath(of: WriteTarget.resolved(output)), role: "the staging copy \(SiteTransaction.stagingPath(of: output))") {
            lock.release()
            throw CommandError("\(refusal)\nnothing was built or removed")
        }
        return lock
    }
}
