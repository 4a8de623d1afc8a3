import Foundation
import Testing
import TestSupport

/// `brewguide serve --lan --https` as a person runs it: the CA made once in
/// `$XDG_DATA_HOME/brewguide` (0600), the lines that tell how to trust it, `openssl s_client
/// -verify_return_error -CAfile ca.pem` for 127.0.0.1 and the machine's host name, Debian's
/// Chromium with the CA trusted (an NSS database made with certutil) opening the host name
/// mapped to 127.0.0.1 as a secure context, and a CA that cannot be read stopping serve with
/// words, untouched.
@Suite("serve --https", .serialized)
struct ServeHTTPSTests {
    static let openssl = ["/usr/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let certutil = ["/usr/bin/certutil"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A running `serve --lan --https` on a copy of the bundled data, its CA under `dataHome`.
    final class Served {
        let root: URL, dataHome: URL
        let process: RunningBrewGuide
        let port: String, key: String
        /// The first LAN address listened on (`--lan`).
        let lanAddress: String?

        init(arguments: [String] = ["--lan", "--https"], dataHome given: URL? = nil) throws {
            let data = try BrewGuideProcess.copyOfBundledData()
            root = data.deletingLastPathComponent()
            dataHome = given ?? root.appendingPathComponent("share")
            process = try RunningBrewGuide(running: ["serve"] + arguments + ["--data", data.path, "--output", root.appendingPathComponent("Site").path, "--port", "0"],
                                           environment: ["XDG_DATA_HOME": dataHome.path])
            guard process.waitFor("watching", seconds: 120),
                  let address = process.first(#"(?<=serving .{1,300} on )https?://127\.0\.0\.1:[0-9]+/"#),
                  let keyed = process.first(#"\?key=[A-Za-z0-9_-]+"#) else {
                process.stop()
                throw HeadlessChromium.ProtocolError(description: "serve --https did not start: \(process.output)")
            }
            port = String(address.split(separator: ":").last!.dropLast())
            lanAddress = process.first(#"(?<=listening on 127\.0\.0\.1:[0-9]{1,5}, )[0-9.]+"#)
            key = String(keyed.dropFirst("?key=".count))
        }

        var caFile: URL { dataHome.appendingPathComponent("brewguide/ca.pem") }

        deinit {
            process.stop()
            try? FileManager.default.removeItem(at: root)
        }
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        return String(cString: buffer).lowercased()
    }

    /// Chromium with `caFile` trusted (an NSS database made with certutil in `home`) and the
    /// machine's host name mapped to 127.0.0.1.
    static func browser(trusting caFile: URL, home: URL) throws -> HeadlessChromium {
        let database = home.appendingPathComponent(".pki/nssdb")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        let made = try run(certutil!, ["-N", "-d", "sql:\(database.path)", "--empty-password"])
        #expect(made.status == 0, "\(made.output)")
        let added = try run(certutil!, ["-A", "-d", "sql:\(database.path)", "-n", "brewguide test CA", "-t", "C,,", "-i", caFile.path])
        #expect(added.status == 0, "\(added.output)")
        return try HeadlessChromium(width: 390, height: 844, arguments: ["--host-resolver-rules=MAP \(hostName()) 127.0.0.1"], home: home)
    }

    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> (output: String, status: Int32) {
        try ToolRun.run(executable, arguments, input: input)
    }

    @Test("serve --lan --https: the CA made once (0600), its fingerprint and download address printed, the QR's address https://",
          .enabled(if: openssl != nil, "openssl is not installed"))
    func printsHowToTrust() throws {
        let served = try Served()
        let output = served.process.output
        let fingerprint = try #require(served.process.first(#"fingerprint: [0-9A-F:]{95}"#)).dropFirst("fingerprint: ".count)
        let shown = try Self.run(Self.openssl!, ["x509", "-in", served.caFile.path, "-noout", "-fingerprint", "-sha256"]).output
        #expect(shown.uppercased().contains("FINGERPRINT=\(fingerprint)"), "\(shown)")
        #expect(output.contains("(made now; it lasts ten years)"))
        #expect(served.process.first(#"trust it on the phone once \(docs/SERVE.md\): http://[0-9.]+:[0-9]+/_ca/\?key="#) != nil, "\(output)")
        #expect(served.process.first(#"open on your phone: https://[0-9.]+:[0-9]+/\?key="#) != nil, "\(output)")
        for name in ["ca.pem", "ca-key.pem"] {
            let mode = try FileManager.default.attributesOfItem(atPath: served.dataHome.appendingPathComponent("brewguide/\(name)").path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600, "\(name)")
        }
        let pem = try Data(contentsOf: served.caFile)
        served.process.stop()
        // The next run reads the same CA.
        let again = try Served(dataHome: served.dataHome)
        #expect(!again.process.output.contains("made now"))
        #expect(again.process.output.contains("fingerprint: \(fingerprint)"))
        #expect(try Data(contentsOf: served.caFile) == pem)
    }

    @Test("openssl s_client -verify_return_error -CAfile ca.pem: the journal over TLS for 127.0.0.1 and the machine's host name",
          .enabled(if: openssl != nil, "openssl is not installed"))
    func opensslVerifies() throws {
        let served = try Served()
        for name in ["127.0.0.1", Self.hostName(), Self.hostName().split(separator: ".")[0] + ".local"] {
            let check = name.first?.isNumber == true ? ["-verify_ip", name] : ["-servername", name, "-verify_hostname", name]
            let answer = try Self.run(Self.openssl!, ["s_client", "-connect", "127.0.0.1:\(served.port)", "-verify_return_error", "-CAfile", served.caFile.path, "-ign_eof"] + check,
                                      input: "GET /?key=\(served.key) HTTP/1.1\r\nHost: \(name):\(served.port)\r\nConnection: close\r\n\r\n")
            #expect(answer.status == 0, "\(name): \(answer.output)")
            #expect(answer.output.contains("Verify return code: 0 (ok)"), "\(name)")
            // The key visit: the cookie is set and the browser sent on to the page.
            #expect(answer.output.contains("HTTP/1.1 303 See Other"), "\(name): \(answer.output)")
        }
    }

    @Test("Chromium with the CA trusted opens https://HOST (mapped to 127.0.0.1) as a secure context",
          .enabled(if: HeadlessChromium.executable != nil && certutil != nil, "Chromium or certutil (libnss3-tools) is not installed"))
    func chromiumSecureContext() throws {
        let served = try Served()
        let host = Self.hostName()
        let browser = try Self.browser(trusting: served.caFile, home: served.root.appendingPathComponent("home"))
        let base = "https://\(host):\(served.port)/"
        try browser.send("Page.navigate", ["url": base + "?key=\(served.key)"])
        #expect(browser.wait(until: "document.readyState === 'complete' && location.href === \(HeadlessChromium.quoted(base))", seconds: 30),
                "the key address over https:// did not open: \((try? browser.text("location.href")) ?? "")")
        #expect(try browser.evaluate("window.isSecureContext") as? Bool == true)
        #expect(try browser.evaluate("'wakeLock' in navigator && 'serviceWorker' in navigator && 'clipboard' in navigator") as? Bool == true)
        #expect(try browser.text("location.protocol") == "https:")
        #expect(try browser.text("document.querySelector('h1') ? document.querySelector('h1').textContent : ''").isEmpty == false)
        // The web app parts serve adds: the manifest named in the head, and answered.
        #expect(browser.wait(until: "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json()).then(m => window.manifestName = m.name) && window.manifestName === 'brewguide journal'", seconds: 10))
        _ = try browser.evaluate("fetch('/favicon.ico').then(r => { window.faviconType = r.headers.get('content-type'); }), 0")
        #expect(browser.wait(until: "window.faviconType === 'image/x-icon'", seconds: 10))

        // axe-core on the CA's page (plain HTTP, as the phone opens it first), phone and desktop, light and dark.
        try browser.open(URL(string: "http://127.0.0.1:\(served.port)/_ca/?key=\(served.key)")!)
        #expect(try ServedWritesInChromiumTests.axeViolations(in: "main", browser) == [])

        // The same page without the CA trusted is refused: the trust above is what made it secure.
        let untrusting = try HeadlessChromium(width: 390, height: 844, arguments: ["--host-resolver-rules=MAP \(host) 127.0.0.1"], home: served.root.appendingPathComponent("empty-home"))
        try untrusting.send("Page.navigate", ["url": base])
        #expect(!untrusting.wait(until: "location.href === \(HeadlessChromium.quoted(base)) && document.readyState === 'complete' && window.isSecureContext", seconds: 5))
    }

    @Test("plain --lan: the note that the screen may dim shows once, on the first page a phone opens at the LAN address, and passes axe-core",
          .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed"))
    func plainLANNote() throws {
        let served = try Served(arguments: ["--lan"])
        let lan = try #require(served.lanAddress, "serve --lan printed no LAN address: \(served.process.output)")
        let browser = try HeadlessChromium(width: 390, height: 844)
        let base = "http://\(lan):\(served.port)/"
        try browser.send("Page.navigate", ["url": base + "?key=\(served.key)"])
        #expect(browser.wait(until: "document.readyState === 'complete' && location.href === \(HeadlessChromium.quoted(base))", seconds: 30))
        #expect(try browser.evaluate("window.isSecureContext") as? Bool == false)
        #expect(try browser.text("document.querySelector('.served-note') ? document.querySelector('.served-note').textContent : ''").contains("the screen dim"))
        #expect(try ServedWritesInChromiumTests.axeViolations(in: ".served-note", browser) == [])
        try browser.open(URL(string: base + "logs/")!)
        #expect(try browser.evaluate("document.querySelector('.served-note') === null") as? Bool == true, "said once, not on every page")
    }

    @Test("a CA that cannot be read stops serve with its path and words, and is left as it was")
    func unreadableCA() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("share/brewguide")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let caFile = folder.appendingPathComponent("ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----\n".utf8).write(to: caFile)
        try Data("key\n".utf8).write(to: folder.appendingPathComponent("ca-key.pem"))
        let result = try BrewGuideProcess.run(["serve", "--edit", "--https", "--port", "0", "--output", root.appendingPathComponent("Site").path],
                                              environment: ["XDG_DATA_HOME": root.appendingPathComponent("share").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(caFile.path): error: holds no PEM certificate"), "\(result.stderr)")
        #expect(result.stderr.contains("to have a new CA made"))
        #expect(try String(contentsOf: caFile, encoding: .utf8).contains("broken"))
    }

    @Test("--https without --lan or --edit is refused in words")
    func httpsAlone() throws {
        let result = try BrewGuideProcess.run(["serve", "--https", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--https is for --lan (a phone) or --edit"), "\(result.stderr)")
    }
}
