import ArgumentParser
import BrewData
import BrewKit
import BrewSite
import Foundation

/// `brewguide build`: validates, renders and swaps in a complete site.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the journal site and its Markdown twin.",
        discussion: """
            Pages are written into a staging copy beside the output (.Site.staging for Site), which \
            trades places with the live site in one atomic rename when complete: a failed build leaves \
            the previous site untouched, and files whose bytes did not change are not rewritten. Data \
            errors stop the build (exit 1), except errors confined to one recipe, which is then shown as invalid.
            """
    )

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var siteOptions: SiteOptions

    func run() throws {
        let lock = try siteOptions.lockOutput(command: "brewguide build", data: dataOptions.data)
        defer { lock.release() }
        let outcome = JournalBuild(data: dataOptions.data, site: siteOptions).run()
        if !outcome.succeeded { throw ExitCode(1) }
    }
}
