import ArgumentParser
import BrewData
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
            when a rebuild fails, the page shows its errors until the next good one. With --edit \
            (this machine) or --lan (a phone on the same network), brews can be recorded through \
            POST /_api/log with the key printed at start. See docs/SERVE.md.
            """
    )

    @OptionGroup var dataOptions: DataOptions
    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var watchOptions: WatchOptions

    @Option(help: "The port to listen on (on 127.0.0.1 only, and the LAN address with --lan; port in the config file sets the default).")
    var port: UInt16 = RunSettings.usableConfig?.port ?? 8000

    @Flag(help: "Take brews recorded from pages opened on this machine (127.0.0.1 only), with the key printed at start.")
    var edit = false

    @Flag(help: "Listen on this machine's LAN address too and take brews recorded from a phone, with the key printed at start.")
    var lan = false

    @Flag(help: "With --lan or --edit: serve over HTTPS, with a certificate signed by your own CA (made once in $XDG_DATA_HOME/brewguide), so a phone that trusts it gets a secure context.")
    var https = false

    @Option(name: .customLong("key-file"), help: "Keep the key in this file across runs (made with a new key when missing); without it (or key-file in the config file), the key is kept in $XDG_STATE_HOME/brewguide/serve.key (~/.local/state/brewguide/serve.key).")
    var keyFileOption: String?

    /// `--key-file`, else `key-file` in the config file.
    var keyFile: String? { keyFileOption ?? RunSettings.usableConfig?.keyFile }

    @Flag(help: "Make a new key (in the key file) in place of the kept one: phones and pages that hold the old key can no longer write until they open the new address.")
    var newKey = false

    func run() async throws {
        let lock = try siteOptions.lockOutput(command: "brewguide serve", data: dataOptions.data)
        defer { lock.release() }
        // Room for the server's bound of 4,096 connections and the files a rebuild opens beside
        // them: Debian's soft limit of 1,024 descriptors would let one client's idle connections
        // use up every one (issue 45). The hard limit is as far as a process may raise it.
        if let descriptors = DescriptorLimit.raiseSoft(to: 8_192), descriptors < 2_048 {
            StandardError.write("serve: this process may open only \(descriptors) files (ulimit -n); the server holds fewer connections than its bound of 4,096\n")
        }
        guard !https || self.edit || lan else {
            throw CommandError("--https is for --lan (a phone) or --edit; plain serve answers on 127.0.0.1 only, which browsers already treat as secure")
        }
        var edit: EditSettings?
        // The journal as the saves keep it read, handed the first build's read (issue 46).
        let savesReader = KeptDataReader(root: dataOptions.data)
        var tls: ServeHTTPS?
        let served = ServedPageScript(site: siteOptions)
        if self.edit || lan {
            // The key survives a restart (issue 46): a phone's queued writes still go through.
            let keyPath = keyFile ?? ServeKey.statePath()
            let key = try keyPath.map { newKey ? try ServeKey.replaced(in: $0) : try ServeKey.kept(in: $0) } ?? ServeKey.fresh()
            let lanAddresses = lan ? LANAddresses.current() : []
            if lan, lanAddresses.isEmpty {
                throw CommandError("--lan found no LAN address on this machine (no network interface with an IPv4 address is up); use --edit to record from this machine")
            }
            edit = EditSettings(key: key, lanAddresses: lanAddresses, endpoints: [
                ServedLogWrite.endpoint(root: dataOptions.data, reader: savesReader), ServedShoppingCheck.endpoint(root: dataOptions.data),
                ServedKitchenCooked.endpoint(root: dataOptions.data),
            ] + ServedShoppingEdit.endpoints(root: dataOptions.data) + ServedSessionWrite.endpoints(root: dataOptions.data))
            edit?.pageScript = served.pageScript
            edit?.journal = EditSettings.journalScope(ofRealPath: WriteTarget.resolved(dataOptions.data))
            // Scripted runs that post many writes at once (a test's fuzz) raise the burst; docs/SERVE.md.
            if let burst = ProcessInfo.processInfo.environment["BREWGUIDE_SERVE_WRITE_BURST"].flatMap(Int.init), burst > 0 {
                edit?.burstWrites = burst
            }
            edit?.reads = [ServedSessionNight.endpoint(root: dataOptions.data)]
            if https { tls = try ServeHTTPS(lanAddresses: lanAddresses) }
        }
        let server = PreviewServer(siteDirectory: siteOptions.output, port: port, edit: edit, tls: tls?.context, webApp: ServedWebApp.make(scripts: served.appScripts),
                                   liveReloadScript: served.liveReloadScript)
        let scheme = tls == nil ? "http" : "https"
        var live = LiveBuild(data: dataOptions.data, site: siteOptions, backend: watchOptions.backend)
        if edit != nil { live.afterFirstRead = { savesReader.adopt($0) } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let boundPort: UInt16
            do {
                boundPort = try await server.boundPort
            } catch {
                throw CommandError("\(error); choose another port with --port")
            }
            print("serving \(siteOptions.output) on \(scheme)://127.0.0.1:\(boundPort)/")
            // Held until the serve ends by a serve that takes writes; a second one of the same
            // data folder is told who holds it.
            let hold = edit == nil ? (lock: nil, note: nil) : ServedJournalHold.take(data: dataOptions.data, port: boundPort)
            defer { hold.lock?.release() }
            if let note = hold.note { print(note) }
            if let edit {
                // The only lines that show the key: the CA's download (--https) and the address (with
                // its QR code when standard output is a terminal).
                tls?.trustLines(lanAddress: edit.lanAddresses.first, port: boundPort, key: edit.key).forEach { print($0) }
                if let lanAddress = edit.lanAddresses.first {
                    let address = "\(scheme)://\(lanAddress):\(boundPort)/?key=\(edit.key)"
                    print("open on your phone: \(address)")
                    if TerminalQRCode.standardOutputIsTerminal {
                        TerminalQRCode.lines(for: address).forEach { print($0) }
                    }
                } else {
                    print("open on this machine to record brews: \(scheme)://127.0.0.1:\(boundPort)/?key=\(edit.key)")
                }
                print("listening on \(await server.listeningAddresses.joined(separator: ", ")); every brew saved is printed here")
                if let keyPath = keyFile ?? ServeKey.statePath() {
                    print("the key is kept in \(keyPath) for the next serve (--new-key makes a new one)")
                }
            }
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
