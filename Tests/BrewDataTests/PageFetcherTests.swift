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
        let port = Int.random(in: 20_000...60_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        let base = "http://127.0.0.1:\(port)"
        for _ in 0..<50 {
            if case .success = await PageFetcher.fetch(base + "/page", timeoutSeconds: 2) { break }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
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
            #expect(Self.message(await PageFetcher.fetch(base + "/page")) == "read 32 bytes")
            #expect(Self.message(await PageFetcher.fetch(base + "/to-page")) == "read 32 bytes", "a redirect on the same machine is followed")
            let endless = Self.message(await PageFetcher.fetch(base + "/endless", maximumBytes: 2_000_000))
            #expect(endless.contains("larger than 2 MB"), "stopped at the bound, not by the clock: \(endless)")
            let bomb = Self.message(await PageFetcher.fetch(base + "/bomb"))
            #expect(bomb.contains("larger than 10 MB"), "\(bomb)")
            let file = Self.message(await PageFetcher.fetch(base + "/to-file"))
            #expect(file.contains("redirected to file:///etc/passwd, and the redirect was refused"), "\(file)")
            let other = Self.message(await PageFetcher.fetch(base + "/to-other-host"))
            #expect(other.contains("redirected to http://example.com/soup, and the redirect was refused: only https:// addresses are followed"), "\(other)")
            #expect(Self.message(await PageFetcher.fetch(base + "/missing")).hasSuffix("the server answered 404"))
        }
    }
}
