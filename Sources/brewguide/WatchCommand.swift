import ArgumentParser
import BrewWatch

/// `brewguide watch`: keeps the site current while the data and templates are edited.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Build the site, then rebuild what changed whenever data or templates change.",
        discussion: """
            Uses inotify (one watch per directory) or, with --poll or where inotify is unavailable, \
            a scan every --poll-interval milliseconds. Editor droppings (swap files, backups, \
            4913, .goutputstream-*) are ignored and a burst of changes makes one rebuild. A change \
            re-reads only the files that changed and renders only the pages that depend on them. \
            A change with errors prints them and keeps the last good site. Ctrl-C stops after the \
            rebuild in progress, leaving a complete site.
            """
    )

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var watchOptions: WatchOptions

    func run() async throws {
        let lock = try siteOptions.lockOutput(command: "brewguide watch", data: dataOptions.data)
        defer { lock.release() }
        try await LiveBuild(data: dataOptions.data, site: siteOptions, backend: watchOptions.backend).run { _, _ in }
    }
}

/// How changes are noticed.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Scan for changes instead of using inotify.")
    var poll = false

    @Option(name: .customLong("poll-interval"), help: "Milliseconds between scans with --poll.")
    var pollIntervalMilliseconds = 300

    var backend: DirectoryWatcher.Backend {
        poll ? .polling(intervalMilliseconds: max(10, pollIntervalMilliseconds)) : .automatic
    }
}
