@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `PageFetcher` against a server on this machine that answers as hostile servers do (issue 24):
/// an endless answer, a gzip bomb sent as `Content-Encoding: gzip`, redirects to `file:` and to
/// plain http on another host. Each ends with an error that says what happened, holding no more
/// than the bound.
@Suite(.serialized) struct PageFetcherTests {
    static let server = #"""
    import gzip, http.server, sys
    bomb = gzip.compress(bytes(40_000_000))
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def do_GET(self):
            if self.path == "/page":
                body = b"<html><title>Soup</title></html>"
                self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
            elif self.path == "/endless":
                self.send_response(200); self.send_header("Content-Type", "text/html"); self.end_headers()
                try:
                    while True: self.wfile.write(b"<p>more</p>" * 10000)
                except Exception: pass
            elif self.path == "/bomb":
                self.send_response(200); self.send_header("Content-Encoding", "gzip"); self.send_header("Content-Length", str(len(bomb))); self.end_headers()
                try: self.wfile.write(bomb)
                except Exception: pass
            elif self.path == "/to-file":
                self.send_response(302); self.send_header("Location", "file:///etc/passwd"); self.send_header("Content-Length", "0"); self.end_headers()
            elif self.path == "/to-other-host":
                self.send_response(301); self.send_header("Location", "http://example.com/soup"); self.send_header("Content-Length", "0"); self.end_headers()
            elif self.path.startswith("/to-address?"):
                self.send_response(302); self.send_header("Location", self.path[len("/to-address?"):]); self.send_header("Content-Length", "0"); self.end_headers()
            elif self.path == "/to-page":
                self.send_response(302); self.send_header("Location", "/page"); self.send_header("Content-Length", "0"); self.end_headers()
            else:
                self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
    """#

    /// Runs `body` with the server's base address.
    static func withServer(_ body: (String) async throws -> Void) async throws {
        let folder = TestPaths.temporary("fetcher")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("server.py")
        try server.write(to: script, atomically: true, encoding: .utf8)
        // Python exits at once when the port it was given is taken (another test's server on a
        // two-core machine running every suite): then another port is tried, as `StaticFileServer` does.
        var port = 0
        var process = Process()
        for _ in 0..<8 {
            port = Int.random(in: 20_000...60_000)
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script.path, String(port)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Waits on the port: a loaded machine can take seconds to start Python.
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && !StaticFileServer.accepts(port: port) && Date() < deadline {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            if process.isRunning { break }
            process.waitUntilExit()
        }
        let server = process
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let base = "http://127.0.0.1:\(port)"
        try #require(process.isRunning && StaticFileServer.accepts(port: port), "the test server did not accept a connection on port \(port) within 60 s")
        try await body(base)
    }

    static func message(_ result: Result<String, CommandError>) -> String {
        switch result {
        case .success(let text): "read \(text.utf8.count) bytes"
        case .failure(let error): error.message
        }
    }

    @Test func hostileAnswersEndWithAnErrorThatSaysWhy() async throws {
        try await Self.withServer { base in
            // A generous clock: on a loaded two-core machine the local server can be slow to answer,
            // and what is asserted here is the bytes and the redirect, not the time.
            let page = Self.message(await PageFetcher.fetch(base + "/page", timeoutSeconds: 120))
            #expect(page == "read 32 bytes", "\(page)")
            let redirected = Self.message(await PageFetcher.fetch(base + "/to-page", timeoutSeconds: 120))
            #expect(redirected == "read 32 bytes", "a redirect on the same machine is followed: \(redirected)")
            let endless = Self.message(await PageFetcher.fetch(base + "/endless", maximumBytes: 2_000_000))
            #expect(endless.contains("larger than 2 MB"), "stopped at the bound, not by the clock: \(endless)")
            let bomb = Self.message(await PageFetcher.fetch(base + "/bomb"))
            #expect(bomb.contains("larger than 10 MB"), "\(bomb)")
            let file = Self.message(await PageFetcher.fetch(base + "/to-file"))
            #expect(file.contains("redirected to file:///etc/passwd, and the redirect was refused: a page may not lead to a file: address, which is never fetched; only https:// addresses are followed"), "\(file)")
            #expect(!file.contains("is not a URL"), "\(file)")
            let other = Self.message(await PageFetcher.fetch(base + "/to-other-host"))
            #expect(other.contains("redirected to http://example.com/soup, and the redirect was refused: only https:// addresses are followed"), "\(other)")
            #expect(Self.message(await PageFetcher.fetch(base + "/missing")).hasSuffix("the server answered 404"))
        }
    }

    /// A redirect may reach this machine or its network only at the place the person typed: not
    /// another port, not another spelling of it, not with https (issue 37). Every address here is
    /// refused before it is fetched; only the server on 127.0.0.1 is asked anything.
    @Test func aRedirectReachesThisMachineOnlyAtThePlaceTyped() async throws {
        try await Self.withServer { base in
            let port = try #require(URL(string: base)?.port)
            for target in ["http://127.0.0.1:\(port + 1)/admin", "https://127.0.0.1:\(port + 1)/admin", "http://localhost:\(port)/page", "http://2130706433:\(port)/page",
                           "http://[::1]:\(port)/page", "https://10.0.0.1/router", "https://169.254.169.254/latest/meta-data", "http://0x7f.1:\(port)/page"] {
                let message = Self.message(await PageFetcher.fetch(base + "/to-address?" + target))
                #expect(message.contains("redirected to \(target), and the redirect was refused: it leads to this machine or its local network"), "\(message)")
                #expect(message.contains("only an address you type is fetched there"), "\(message)")
            }
            #expect(Self.message(await PageFetcher.fetch(base + "/to-address?" + base + "/page")) == "read 32 bytes", "the place typed, spelled as typed")
        }
    }

    /// What a page chooses is judged by where the page came from.
    @Test func whatAPageChoosesMayNotReachThisMachine() {
        let remote = "https://recipes.example/soup"
        for target in ["http://127.0.0.1/", "https://localhost:8443/", "https://printer.localhost/", "http://[fe80::1]/", "https://[fd00::5]/", "http://100.64.0.1/",
                       "https://172.16.0.1/", "https://192.168.1.1/", "https://0.0.0.0/", "https://127.1/", "https://017700000001/", "https://%31%32%37.0.0.1/"] {
            #expect(PageFetcher.refusal(chosenByPage: target, typed: remote)?.contains("leads to this machine or its local network") == true, "\(target)")
        }
        #expect(PageFetcher.refusal(chosenByPage: "https://recipes.example/photo.jpg", typed: remote) == nil)
        #expect(PageFetcher.refusal(chosenByPage: "https://172.32.0.1/photo.jpg", typed: remote) == nil, "a public address")
        #expect(PageFetcher.refusal(chosenByPage: "http://recipes.example/photo.jpg", typed: remote)?.hasPrefix("only https:// addresses are followed") == true)
        #expect(PageFetcher.refusal(chosenByPage: "http://127.0.0.1:8080/photo.jpg", typed: "http://127.0.0.1:8080/soup") == nil, "the place typed")
        #expect(PageFetcher.refusal(chosenByPage: "gopher://127.0.0.1:25/", typed: remote)?.contains("a page may not lead to a gopher: address") == true)
    }

    /// An address the person types that is not http(s) is refused saying which addresses are
    /// fetched, never "not a URL" or "cannot read the file" (issue 37).
    @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1:70/", "dict://127.0.0.1:2628/d:word", "ftp://example.com/recipe.txt", "scp://host/etc/passwd"])
    func aTypedAddressOfAnotherSchemeSaysWhatIsFetched(_ address: String) {
        let refusal = PageFetcher.refusal(for: address)
        #expect(refusal?.hasPrefix("only https:// addresses are fetched (and plain http:// ones you type for this machine: 127.0.0.1 or localhost)") == true, "\(refusal ?? "fetched")")
        #expect(ClipSource(address) == .url(address), "read as an address, not a file")
    }
}
