import ArgumentParser
import BrewKit
import BrewServe
import BrewSite
import Foundation

/// `brewguide serve`: watch, plus a preview server on 127.0.0.1 that reloads the page after each
/// rebuild and shows the errors over the page when a rebuild failed.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Watch and serve the site on 127.0.0.1 with live reload.",
        discussion: """
            Serves only files inside the output directory. Pages reload after each good rebuild; \
            when a rebuild fails, the page shows its errors until the next good one.
            """
    )

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var watchOptions: WatchOptions

    @Option(help: "The port to listen on (on 127.0.0.1 only).")
    var port: UInt16 = 8000

    func run() async throws {
        let lock = try siteOptions.lockOutput(command: "brewguide serve", data: dataOptions.data)
        defer { lock.release() }
        let server = PreviewServer(siteDirectory: siteOptions.output, port: port)
        let live = LiveBuild(data: dataOptions.data, site: siteOptions, backend: watchOptions.backend)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let boundPort: UInt16
            do {
                boundPort = try await server.boundPort
            } catch {
                throw CommandError("\(error); choose another port with --port")
            }
            print("serving \(siteOptions.output) on http://127.0.0.1:\(boundPort)/")
            fflush(nil)
            try await live.run { outcome, generation in
                if outcome.succeeded {
                    await server.publish(.built(generation: generation, summary: outcome.change))
                } else {
                    let errors = outcome.diagnostics.filter { $0.severity == .error }.map(\.description)
                    await server.publish(.failed(generation: generation, diagnostics: (errors + [outcome.writeFailure].compactMap { $0 }).joined(separator: "\n")))
                }
            }
            group.cancelAll()
        }
    }
}
