import Foundation
import Testing
import TestSupport

/// `brewguide serve --edit`: a brew posted to `/_api/log` with the key printed at start is
/// recorded as `brewguide log` records it, and its page appears; without the key, or with a
/// value `log` refuses, nothing is written. Requests go to 127.0.0.1 only (curl).
@Suite("brewguide serve --edit, end to end", .serialized)
struct ServeEditCommandTests {
    /// A running `brewguide serve` whose output is collected as it comes.
    final class Server: RunningBrewGuide, @unchecked Sendable {
        init(_ arguments: [String]) throws { try super.init(running: ["serve"] + arguments) }
    }

    /// Posts `form` (already encoded) with curl; the status code and the body.
    static func post(_ form: String, to url: String, headers: [String]) throws -> (Int, String) {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "--max-time", "30", "-w", "\n%{http_code}", "-X", "POST", "--data-binary", form]
            + headers.flatMap { ["-H", $0] } + [url]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// Every file's bytes under `root`, by relative path.
    static func tree(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath {
                files[String(url.path.dropFirst(root.path.count))] = data
            }
        }
        return files
    }

    @Test func aBrewPostedWithTheKeyIsRecordedAsLogRecordsItAndOthersWriteNothing() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("Site")
        let server = try Server(["--edit", "--data", data.path, "--output", site.path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("watching"), "serve did not start: \(server.output)")
        guard let address = server.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#) else {
            Issue.record("no key line in \(server.output)")
            return
        }
        let key = String(address.split(separator: "=").last!)
        let base = String(address.prefix { $0 != "?" })
        #expect(key.count >= 22)
        let api = base + "_api/log"
        let form = ["Content-Type: application/x-www-form-urlencoded"]
        let before = Self.tree(data)

        // Without the key, with a value log refuses, with an unknown field, too large: nothing written.
        let (noKey, noKeyBody) = try Self.post("recipe=v60-starter&rating=4", to: api, headers: form)
        #expect(noKey == 403)
        #expect(noKeyBody.contains("\"errors\""))
        let (bad, badBody) = try Self.post("recipe=v60-starter&rating=9", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(bad == 422)
        #expect(badBody.contains("rating must be 1"), "\(badBody)")
        // Every problem of the brew at once, as `log` says them: the unknown recipe (with its
        // did-you-mean), the rating and the brew time that cannot be read.
        let (several, severalBody) = try Self.post("recipe=v60-startr&rating=9&brew-time=3m", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(several == 422)
        for words in ["v60-starter", "rating must be 1", "--brew-time takes M:SS"] {
            #expect(severalBody.contains(words), "\(words) in \(severalBody)")
        }
        let (unknown, _) = try Self.post("recipe=v60-starter&rating=4&file=..%2F..%2Fx", to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(unknown == 422)
        let (large, _) = try Self.post("note=" + String(repeating: "a", count: 70_000), to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(large == 413)
        #expect(Self.tree(data) == before)

        // With the key: recorded once, however often the same save is sent.
        let save = "recipe=v60-starter&rating=5&tag=perfect&note=from+the+counter&dose=15&idempotency=phone-1"
        let (created, body) = try Self.post(save, to: api, headers: form + ["X-Brewguide-Key: \(key)", "Origin: \(base.dropLast())"])
        #expect(created == 201, "\(body)")
        let (again, againBody) = try Self.post(save, to: api, headers: form + ["X-Brewguide-Key: \(key)"])
        #expect(again == 201)
        #expect(againBody == body)
        let answer = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String] ?? [:]
        let id = try #require(answer["id"])
        let page = try #require(answer["page"])
        #expect(page == "/logs/2026/11/\(id).html")
        let written = Self.tree(data).filter { before[$0.key] != $0.value }
        #expect(written.keys.contains("/logs/2026-11.csv") || written.keys.contains("/logs/2026-11.json"), "\(written.keys)")
        let logText = written.filter { $0.key.hasPrefix("/logs/") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(logText.components(separatedBy: "from the counter").count - 1 == 1)

        // The terminal says what was saved, where; the key only in the first line that gives it.
        #expect(server.waitFor("saved from 127.0.0.1: \(id) in "))
        #expect(server.output.components(separatedBy: key).count - 1 == 1)
        // The page appears after the rebuild.
        let pageFile = site.appendingPathComponent(String(page.dropFirst()))
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: pageFile.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let pageText = String(decoding: FileManager.default.contents(atPath: pageFile.path) ?? Data(), as: UTF8.self)
        #expect(pageText.contains("from the counter"))
        #expect(!pageText.contains(key))
    }

    @Test func lanListensOnTheLANAddressAsWellAndPutsItInThePhonesAddress() throws {
        // Only where it listens is checked; every request goes to 127.0.0.1.
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(["--lan", "--data", data.path, "--output", root.appendingPathComponent("Site").path, "--port", "0"])
        defer { server.stop() }
        _ = server.waitFor("watching", "--lan found no LAN address")
        if server.output.contains("--lan found no LAN address") {
            // A machine with no network: refused in words, nothing served.
            server.process.waitUntilExit()
            #expect(server.process.terminationStatus == 1)
            return
        }
        let phone = try #require(server.first(#"open on your phone: http://[0-9.]+:[0-9]+/\?key=[A-Za-z0-9_-]+"#), "\(server.output)")
        let lanAddress = String(phone.dropFirst("open on your phone: http://".count).prefix { $0 != "/" })
        let port = String(lanAddress.split(separator: ":").last!)
        let key = String(phone.split(separator: "=").last!)
        #expect(!lanAddress.hasPrefix("127."))
        // Standard output is a pipe, not a terminal: no QR code is drawn, and the key is printed once.
        #expect(!server.output.contains { "▀▄█".contains($0) }, "\(server.output)")
        #expect(server.output.components(separatedBy: key).count == 2, "\(server.output)")
        let listening = try #require(server.first(#"listening on [^;]+"#))
        #expect(listening.contains("127.0.0.1:\(port)"))
        #expect(listening.contains(lanAddress))
        let (created, body) = try Self.post("recipe=v60-starter&rating=4", to: "http://127.0.0.1:\(port)/_api/log",
                                            headers: ["Content-Type: application/x-www-form-urlencoded", "X-Brewguide-Key: \(key)"])
        #expect(created == 201, "\(body)")
    }

    @Test func theKeyFileKeepsOneKeyOwnerOnly() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let keyFile = root.appendingPathComponent("serve.key")
        let server = try Server(["--edit", "--key-file", keyFile.path, "--data", data.path, "--output", root.appendingPathComponent("Site").path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("?key="), "\(server.output)")
        let kept = String(decoding: FileManager.default.contents(atPath: keyFile.path) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kept.count >= 22)
        #expect(server.output.contains("?key=\(kept)"))
        let permissions = try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func plainServePrintsNoKeyAndTakesNoWrite() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Server(["--data", data.path, "--output", root.appendingPathComponent("Site").path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("watching"), "\(server.output)")
        let base = try #require(server.first(#"http://127\.0\.0\.1:[0-9]+/"#))
        #expect(!server.output.contains("key="))
        let (status, _) = try Self.post("recipe=v60-starter&rating=4", to: base + "_api/log", headers: ["Content-Type: application/x-www-form-urlencoded"])
        #expect(status == 405)
    }

    @Test func theBuiltSiteHasNoWriteControls() throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("Site")
        let result = try BrewGuideProcess.run(["build", "--data", "Data", "--output", site.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        for (path, bytes) in Self.tree(site) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("/_api/"), "\(path) names the write API")
            #expect(!text.contains("X-Brewguide-Key"), "\(path) names the key header")
            #expect(!text.lowercased().contains("method=\"post\""), "\(path) has a form that posts")
        }
    }
}
