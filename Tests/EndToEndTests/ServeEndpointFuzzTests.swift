#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// A seeded fuzz of every endpoint of `brewguide serve --edit`, end to end: a real server on a
/// copy of the bundled journal (at the tests' fixed now) gets a few hundred generated requests —
/// known fields with hostile values (paths, NUL and control characters, very long text, RTL
/// marks, numbers out of range, NaN), unknown and repeated fields, fields in odd case, malformed
/// percent-encoding, raw bytes that are not UTF-8, other content types, bodies over 64 KiB,
/// other methods, with and without the key, with another `Host` or `Origin` — sent as raw bytes
/// over a socket, so that nothing on the way tidies them.
///
/// For each, the status is one that docs/SERVE.md gives for what the request is (201/200 only
/// for a write that passed every gate), never 5xx; the answer is JSON, and a refusal's `errors`
/// say why in words; a refused request changes no byte of the data folder; nothing appears or
/// changes outside the data and output folders (the sandbox around them is watched). After the
/// run the server still answers, and `brewguide check` finds no error in what was written.
///
/// Replay a run with its seed (printed in every failure): `BREWGUIDE_FUZZ_SEED=7
/// BREWGUIDE_SERVE_FUZZ_REQUESTS=1000 swift test --disable-xctest --filter ServeEndpointFuzzTests`.
@Suite("serve --edit: a seeded fuzz of every endpoint, end to end", .serialized)
struct ServeEndpointFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["BREWGUIDE_FUZZ_SEED"].flatMap(UInt64.init) ?? 40
    static let requestCount = environment["BREWGUIDE_SERVE_FUZZ_REQUESTS"].flatMap(Int.init) ?? 500

    // MARK: The endpoints and their fields

    struct Endpoint {
        let path: String
        let method: String
        let fields: [String]
        /// The status of a write that was made: 201 for a new record, 200 for a change.
        let written: Int
    }

    static let endpoints: [Endpoint] = [
        Endpoint(path: "/_api/log", method: "POST", fields: ["recipe", "rating", "tag", "note", "dose", "yield", "temperature", "grind", "at",
                                                            "bean", "roaster", "grinder-setting", "brew-time", "tds"], written: 201),
        Endpoint(path: "/_api/shopping/check", method: "POST", fields: ["item", "checked"], written: 200),
        Endpoint(path: "/_api/session/start", method: "POST", fields: ["name", "at"], written: 200),
        Endpoint(path: "/_api/session/drink", method: "POST", fields: ["preset", "type", "size", "abv", "estimate", "at"], written: 200),
        Endpoint(path: "/_api/session/water", method: "POST", fields: ["amount", "at"], written: 200),
        Endpoint(path: "/_api/session/end", method: "POST", fields: ["at"], written: 200),
        Endpoint(path: "/_api/session/edit", method: "POST", fields: ["entry", "session", "at", "preset", "type", "size", "abv", "estimate", "amount"], written: 200),
        Endpoint(path: "/_api/session/delete", method: "POST", fields: ["entry", "session"], written: 200),
        Endpoint(path: "/_api/kitchen/cooked", method: "POST", fields: ["recipe", "at", "servings", "rating", "note"], written: 201),
        Endpoint(path: "/_api/session/night", method: "GET", fields: ["session"], written: 200),
    ]

    /// Values a field could well take, so that some writes pass and change the journal.
    /// With `validOnly`, one the command takes (the last of a list that ends with a wrong one is left out).
    static func plausible(_ field: String, endpoint: String, validOnly: Bool = false, _ random: inout SplitMix64) -> String {
        let wrongLast: Set<String> = ["shakshuk", "v60-startr", "6", "sour", "item-99", "nope", "b9", ""]
        func one(_ values: [String]) -> String {
            let values = validOnly && wrongLast.contains(values.last!) ? Array(values.dropLast()) : values
            return values[Int(random.next() % UInt64(values.count))]
        }
        switch field {
        case "recipe": return endpoint.contains("kitchen") ? one(["shakshuka", "pasta-al-limone", "overnight-oats", "shakshuk"]) : one(["v60-starter", "bright-morning", "weekend-three-pour", "v60-startr"])
        case "rating": return one(["1", "2", "3", "4", "5", "6"])
        case "tag": return one(["tooSour", "tooBitter", "perfect", "tooWeak", "sour"])
        case "note", "name", "bean", "roaster": return one(["bright", "Kenya AA", "a quiet night", "naturally sweet, more please"])
        case "dose": return one(["15", "18", "20.5"])
        case "yield": return one(["250", "300", "320"])
        case "temperature": return one(["90", "93", "96"])
        case "grind": return one(["fine", "medium", "coarse", "medium-fine"])
        case "grinder-setting": return one(["12", "3.5"])
        case "brew-time": return one(["3:05", "2:30", "185"])
        case "tds": return one(["1.35", "1.4"])
        case "at": return one(["19:10", "18:45", "2026-11-21T19:30", "2026-11-20T08:00", ""])
        case "item": return one((1...10).map { "item-\($0)" } + ["item-99"])
        case "checked": return one(["true", "false", "on", "0"])
        case "preset": return one(["12oz-beer", "5oz-wine", "pint-ipa", "gin-tonic", "nope"])
        case "type": return one(["beer", "wine", "liquor", "cocktail", "other"])
        case "size": return one(["355", "12oz", "150", "473"])
        case "abv": return one(["5", "12.5", "40"])
        case "estimate": return one(["1", "1.5", "2"])
        case "amount": return one(["250", "500", "8oz"])
        case "entry": return one(["b1", "b2", "b3", "g1", "q1", "e1", "b9"])
        case "session": return one(["birthday-1121", "pub-quiz-1007", "quiet-dinner-0912", "nope"])
        case "servings": return one(["2", "4", "1.5"])
        case "idempotency": return "fuzz-\(random.next() % 1_000_000)"
        default: return "x"
        }
    }

    /// Values no field should take as they are: paths, controls, very long or odd text and numbers.
    static func hostile(_ random: inout SplitMix64) -> String {
        let values = [
            "../../x", "../../../../../../tmp/brewguide-fuzz-escape", "/etc/passwd", "%2e%2e%2f%2e%2e%2fx", "..\\..\\x", "./Data/logs/2026-11.json",
            "logs/../../escape.json", "file:///etc/passwd", "x\u{0}y", "\u{0}", "a\"\nb", "b1\n", "\u{2028}x", "\u{1}\u{7}\u{1b}[31m\u{7f}", "a\r\nSet-Cookie: evil=1", "\t\n\r",
            String(repeating: "a", count: 10_000), String(repeating: "é", count: 5_000), String(repeating: "../", count: 3_000),
            "☕️🍵🫖", "\u{202E}evil\u{202C}.json", "\u{FEFF}5", "\u{200B}", "ß\u{0301}", "٣", "Ⅴ",
            "9223372036854775807:00", "-9223372036854775808", "1e308", "-1e308", "1e-320", "-1", "0", "-0", "NaN", "nan", "inf", "-Infinity", "9999999999999999999999", "1.5", "0x10", "5 ", " 5", "+5", "5.0", "05",
            "", " ", "<script>alert(1)</script>", "\"", "'", "{\"a\":1}", "null", "true", "[]",
            "2026-02-30T25:61", "99:99", "9999-12-31T23:59", "0000-01-01T00:00", "-3:00", "3:99", "24:00", "2026-11-21T19:10Z", "1e9:00",
        ]
        return values[Int(random.next() % UInt64(values.count))]
    }

    static let unknownNames = ["file", "path", "../x", "/etc/passwd", "data", "recipe[]", "recipe ", "__proto__", "constructor", "Idempotency",
                               "output", "key", "id", "root", "\u{0}", "recipe\u{0}", ""]

    // MARK: One generated request

    enum Gate: CaseIterable {
        case open, noKey, wrongKey, keyInQuery, wrongOrigin, wrongHost, twoHosts, wrongContentType, oversized, chunked, otherMethod
    }

    struct Request: CustomStringConvertible {
        var endpoint: Endpoint
        var gate: Gate
        var method: String
        var target: String
        var headers: [(String, String)]
        var body: [UInt8]
        /// A form the server must refuse whatever the command would say: an unknown, repeated or
        /// undecodable field, or bytes that are not UTF-8.
        var malformedForm: Bool
        var description: String {
            let shownBody = String(decoding: body.prefix(300), as: UTF8.self).debugDescription
            return "\(method) \(target) [\(gate)] headers \(headers.map { "\($0.0): \($0.1.prefix(80))" }) body (\(body.count) bytes) \(shownBody)"
        }

        /// The statuses docs/SERVE.md allows for this request.
        var allowedStatuses: Set<Int> {
            // A request line over the server's bound (a long query) is refused before it is read.
            if "\(method) \(target) HTTP/1.1\r\n".utf8.count > 8 * 1024 { return [414] }
            switch gate {
            case .oversized: return [413]
            case .chunked: return [411]
            case .open where endpoint.method == "GET" && target.contains("?key=") || target.contains("&key="):
                // A read's query with a `key` field is a first visit with a key, and not this run's.
                return [403]
            case .keyInQuery where endpoint.method == "GET":
                // The first visit with the key: the cookie, and the same address without it.
                return [303]
            case .wrongOrigin where endpoint.method == "GET":
                // `Origin` is checked on writes; a read from another site is the browser's to
                // refuse, and the cookie is SameSite=Strict.
                return malformedForm ? [422] : [200, 404]
            case .wrongHost, .twoHosts, .noKey, .wrongKey, .keyInQuery, .wrongOrigin: return [403]
            case .otherMethod: return [405]
            case .wrongContentType: return endpoint.method == "GET" ? [] : [415]
            case .open:
                if malformedForm { return [422] }
                return endpoint.method == "GET" ? [200, 404] : [endpoint.written, 422, 409, 429]
            }
        }
    }

    static func percentEncoded(_ text: String, _ random: inout SplitMix64) -> String {
        let spaceAsPlus = random.next() % 2 == 0
        return text.utf8.map { byte -> String in
            let scalar = Unicode.Scalar(byte)
            if (byte < 0x80 && (CharacterSet.alphanumerics.contains(scalar) || "-._~".unicodeScalars.contains(scalar))) { return String(scalar) }
            if byte == 0x20, spaceAsPlus { return "+" }
            return String(format: "%%%02X", byte)
        }.joined()
    }

    static func request(_ random: inout SplitMix64, port: UInt16, key: String, cookieName: String) -> Request {
        let endpoint = endpoints[Int(random.next() % UInt64(endpoints.count))]
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        // Most requests pass the gates, so that the forms reach the commands.
        var gate: Gate = chance(60) ? .open : Gate.allCases[Int(random.next() % UInt64(Gate.allCases.count))]
        // A read has no content type to get wrong.
        if endpoint.method == "GET", gate == .wrongContentType { gate = .open }

        // The form's fields: known ones with plausible or hostile values, sometimes missing,
        // repeated, in another case, or unknown.
        var pairs: [(String, String)] = []
        var malformed = false
        let required: Set<String> = ["recipe", "rating", "entry", "item", "checked"]
        if chance(50) {
            // A form the command would take, with at most one value made hostile.
            for field in endpoint.fields where required.contains(field) || chance(40) {
                pairs.append((field, plausible(field, endpoint: endpoint.path, validOnly: true, &random)))
            }
            if !pairs.isEmpty, chance(60) { pairs[Int(random.next() % UInt64(pairs.count))].1 = hostile(&random) }
        } else {
            for field in endpoint.fields where chance(55) || required.contains(field) && chance(80) {
                pairs.append((field, chance(70) ? plausible(field, endpoint: endpoint.path, &random) : hostile(&random)))
            }
        }
        if endpoint.method == "POST", chance(50) { pairs.append(("idempotency", chance(80) ? plausible("idempotency", endpoint: "", &random) : hostile(&random))) }
        if chance(12), let first = pairs.first { pairs.append((first.0, hostile(&random))); malformed = true }
        if chance(12) {
            let name = unknownNames[Int(random.next() % UInt64(unknownNames.count))]
            pairs.insert((name, chance(50) ? hostile(&random) : "1"), at: Int(random.next() % UInt64(pairs.count + 1)))
            malformed = true
        }
        if chance(8), let field = endpoint.fields.first {
            pairs.append((chance(50) ? field.uppercased() : field.prefix(1).uppercased() + field.dropFirst(), plausible(field, endpoint: endpoint.path, &random)))
            malformed = true
        }
        // A control character is taken in a note's value only (its tabs and line breaks).
        if pairs.contains(where: { pair in pair.1.unicodeScalars.contains { $0.properties.generalCategory == .control && !(pair.0 == "note" && "\t\n\r".unicodeScalars.contains($0)) } }) {
            malformed = true
        }
        var text = pairs.map { percentEncoded($0.0, &random) + "=" + percentEncoded($0.1, &random) }.joined(separator: "&")
        if chance(6) { text = "&&" + text + "&" }
        var body = Array(text.utf8)
        if chance(8) {
            let broken = ["%zz", "%", "%c3%28", "%ff%fe", "%E2%82", "a=%", "%=1", "x%GGy=1"]
            let piece = broken[Int(random.next() % UInt64(broken.count))]
            body = Array((text.isEmpty ? piece : text + "&" + piece).utf8)
            malformed = true
        }
        if chance(4) { body += [0xFF, 0xFE, 0x3D, 0xC0, 0xAF]; malformed = true }

        // The head.
        let ownHost = "127.0.0.1:\(port)"
        var method = endpoint.method
        var target = endpoint.path
        var headers: [(String, String)] = [("Host", chance(15) ? "localhost:\(port)" : ownHost)]
        let formType = ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=UTF-8", "Application/X-WWW-Form-Urlencoded"]
        if endpoint.method == "POST" { headers.append(("Content-Type", formType[Int(random.next() % 3)])) }
        var keyHeader: (String, String)? = chance(50) ? ("X-Brewguide-Key", key) : ("Cookie", "theme=dark; \(cookieName)=\(key)")
        if chance(30) { headers.append(("Origin", chance(50) ? "http://\(ownHost)" : "http://localhost:\(port)")) }
        switch gate {
        case .open: break
        case .noKey: keyHeader = nil
        case .wrongKey:
            let wrong = String(key.reversed()) == key ? key + "x" : String(key.reversed())
            keyHeader = [("X-Brewguide-Key", wrong), ("X-Brewguide-Key", key + " x"), ("Cookie", "\(cookieName)=\(wrong)"), ("Cookie", "\(cookieName)=")][Int(random.next() % 4)]
        case .keyInQuery:
            keyHeader = nil
            target += "?key=\(key)"
        case .wrongOrigin:
            headers.removeAll { $0.0 == "Origin" }
            let origins = ["http://evil.example", "null", "http://127.0.0.1:1", "https://\(ownHost)", "http://\(ownHost).evil.example", "http://\(ownHost)/", ""]
            headers.append(("Origin", origins[Int(random.next() % UInt64(origins.count))]))
        case .wrongHost:
            let hosts = ["evil.example", "evil.example:\(port)", "127.0.0.1.nip.io:\(port)", "localhost.evil.example", "[::1", "127.0.0.2:\(port)", "0.0.0.0"]
            headers[0] = ("Host", hosts[Int(random.next() % UInt64(hosts.count))])
        case .twoHosts:
            headers.append(("Host", "evil.example"))
        case .wrongContentType:
            headers.removeAll { $0.0 == "Content-Type" }
            let types = ["text/plain", "application/json", "multipart/form-data; boundary=x", "application/x-www-form-urlencodedx", "", nil]
            if let type = types[Int(random.next() % UInt64(types.count))] { headers.append(("Content-Type", type)) }
        case .oversized:
            let size = 64 * 1024 + 1 + Int(random.next() % 200_000)
            let filler = "note=" + String(repeating: "a", count: size)
            body = Array(filler.utf8)
        case .chunked:
            headers.append(("Transfer-Encoding", "chunked"))
        case .otherMethod:
            method = endpoint.method == "GET" ? ["POST", "PUT", "DELETE"][Int(random.next() % 3)] : ["GET", "PUT", "DELETE", "PATCH"][Int(random.next() % 4)]
        }
        if let keyHeader { headers.append(keyHeader) }
        if endpoint.method == "GET" && gate != .oversized && gate != .chunked && gate != .otherMethod {
            // A read's fields are its query.
            if !text.isEmpty || malformed {
                // Bytes a request line may not carry are sent percent-encoded.
                let query = body.map { $0 > 0x20 && $0 < 0x7F ? String(Unicode.Scalar($0)) : String(format: "%%%02X", $0) }.joined()
                target += (target.contains("?") ? "&" : "?") + query
            }
            body = []
        }
        return Request(endpoint: endpoint, gate: gate, method: method, target: target, headers: headers, body: body, malformedForm: malformed)
    }

    // MARK: The run

    @Test func everyEndpointAnswersHostileRequestsWithADocumentedRefusalAndWritesOnlyValidRecords() throws {
        let outer = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outer) }
        let sandbox = outer.appendingPathComponent("sandbox")
        let data = sandbox.appendingPathComponent("Data"), site = sandbox.appendingPathComponent("Site")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.journal, to: data)
        let outside = Self.entries(outer, except: [data.path, site.path])

        let server = try RunningBrewGuide(running: ["serve", "--edit", "--data", "Data", "--output", "Site", "--port", "0"],
                                          environment: ["BREWGUIDE_SERVE_WRITE_BURST": "100000"], in: sandbox)
        defer { server.stop() }
        let replay = "seed \(Self.seed) (replay: BREWGUIDE_FUZZ_SEED=\(Self.seed) BREWGUIDE_SERVE_FUZZ_REQUESTS=\(Self.requestCount))"
        try #require(server.waitFor("watching"), "serve did not start: \(server.output)")
        let line = try #require(server.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#), "no key line in \(server.output)")
        let port = try #require(UInt16(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let key = String(line.split(separator: "=").last!)

        let cookieName = ServePhoneWritesTests.keyCookieName(base: "http://127.0.0.1:\(port)/", data: data)
        var random = SplitMix64(seed: Self.seed)
        var tally: [Int: Int] = [:]
        var written = 0
        let started = Date()
        for index in 0..<Self.requestCount {
            let request = Self.request(&random, port: port, key: key, cookieName: cookieName)
            let context = "\(replay), request #\(index): \(request)"
            let before = ServeEditCommandTests.tree(data)
            let answer = try Self.send(request, port: port)
            tally[answer.status, default: 0] += 1
            #expect(answer.status < 500, "a server error: \(answer.status) \(answer.bodyText.prefix(300)); \(context)")
            #expect(request.allowedStatuses.contains(answer.status),
                    "status \(answer.status), expected one of \(request.allowedStatuses.sorted()); answer \(answer.bodyText.prefix(300)); \(context)")
            let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
            // The first visit's redirect has no body; a request line or header fields over
            // their bounds are refused, as plain text, before the path is known.
            if answer.status == 303 || answer.status == 414 || answer.status == 431 { continue }
            #expect(json != nil, "the answer is not a JSON object: \(answer.status) \(answer.headers) \(answer.bodyText.prefix(300)); \(context)")
            let after = ServeEditCommandTests.tree(data)
            if answer.status == 200 || answer.status == 201 {
                if request.endpoint.method == "POST" {
                    written += 1
                    #expect((json?["id"] as? String)?.isEmpty == false, "a write without its id: \(answer.bodyText.prefix(300)); \(context)")
                }
                if answer.status == 201 {
                    let page = json?["page"] as? String ?? ""
                    #expect(page.hasPrefix("/") && page.hasSuffix(".html") && !page.contains("..") && !page.contains("//"),
                            "the new record's page \(page.debugDescription) is not a page of the site; \(context)")
                }
            } else {
                let errors = json?["errors"] as? [String] ?? []
                #expect(!errors.isEmpty && errors.allSatisfy { $0.contains { $0.isLetter } },
                        "a refusal that does not say why: \(answer.status) \(answer.bodyText.prefix(300)); \(context)")
                // No message carries a control character (a line break in a value it quoted
                // would have cut it in two; ESC would steer the terminal it is printed on).
                for error in errors where error.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    Issue.record("a refusal's message carries a control character: \(error.debugDescription) in \(answer.bodyText.prefix(300)); \(context)")
                }
                if before != after {
                    let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
                    Issue.record("refused with \(answer.status), yet the data folder changed: \(changed); \(context)")
                }
            }
            let now = Self.entries(outer, except: [data.path, site.path])
            if now != outside {
                Issue.record("a file outside the data and output folders appeared or changed: \(Set(now.keys).symmetricDifference(outside.keys).sorted()) \(now.filter { outside[$0.key] != $0.value }.keys.sorted()); \(context)")
                break
            }
            if index % 50 == 49 { #expect(try Self.stillAnswers(port: port, key: key), "the server stopped answering after request #\(index); \(replay)") }
        }
        let seconds = Date().timeIntervalSince(started)
        print("serve endpoint fuzz, \(replay): \(Self.requestCount) requests in \(String(format: "%.1f", seconds)) s, \(written) writes made; statuses \(tally.sorted { $0.key < $1.key })")
        #expect(try Self.stillAnswers(port: port, key: key), "the server stopped answering; \(replay)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/brewguide-fuzz-escape"), "a value's path was written to; \(replay)")
        #expect(written > 0, "no generated request was a write the server took; \(replay)")
        #expect(tally.keys.contains(422) && tally.keys.contains(403), "the run reached neither the commands' refusals nor the gates: \(tally); \(replay)")

        // Every write the server took is a record `check` accepts.
        server.stop()
        // No bidirectional control reached the terminal or a data file (they are left out of a
        // form's values: a right-to-left override reorders what is shown around it).
        func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool { (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) }
        #expect(!server.output.unicodeScalars.contains(where: isBidirectionalControl), "the terminal got a bidirectional control; \(replay)")
        let stored = Self.entries(sandbox.appendingPathComponent("Data"), except: []).filter { String(decoding: $0.value, as: UTF8.self).unicodeScalars.contains(where: isBidirectionalControl) }
        #expect(stored.isEmpty, "a data file holds a bidirectional control: \(stored.keys.sorted()); \(replay)")
        let check = try BrewGuideProcess.run(["check", "--data", "Data"], in: sandbox)
        #expect(check.status == 0 && !check.stdout.contains("error:") && !check.stderr.contains("error:"),
                "check after the run: \(check.status)\n\(check.stdout.suffix(2_000))\n\(check.stderr.suffix(2_000)); \(replay)")
    }

    // MARK: Helpers

    /// Every file and folder under `root` outside the folders `except` and their hidden companions
    /// beside them (`.Site.lock`, `.Site.staging`, `.Data.lock`: docs/WATCH.md), with its bytes
    /// (empty for a folder).
    static func entries(_ root: URL, except folders: [String]) -> [String: Data] {
        let except = folders.flatMap { folder in
            // Beside the output: its lock, its staging copy, the copy being made (in the background
            // after the first build) and the pages waiting for their rename (`LiveSiteFiles`);
            // beside the data: serve's hold on it (`ServedJournalHold`).
            [folder] + [".lock", ".serve.lock", ".staging", ".staging.copying", ".staging.incoming"].map { (folder as NSString).deletingLastPathComponent + "/." + (folder as NSString).lastPathComponent + $0 }
        }
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            if except.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { enumerator?.skipDescendants(); continue }
            found[String(path.dropFirst(root.standardizedFileURL.path.count))] = url.hasDirectoryPath ? Data() : (FileManager.default.contents(atPath: path) ?? Data())
        }
        return found
    }

    static func stillAnswers(port: UInt16, key: String) throws -> Bool {
        let status = Request(endpoint: endpoints[0], gate: .open, method: "GET", target: "/_api/status",
                             headers: [("Host", "127.0.0.1:\(port)"), ("X-Brewguide-Key", key)], body: [], malformedForm: false)
        let answer = try send(status, port: port)
        return answer.status == 200 && answer.bodyText.contains("\"writes\":true")
    }

    struct Answer {
        var status: Int
        var headers: [String]
        var body: Data
        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `request` as raw bytes on a new connection (closed after the answer) and reads the answer.
    static func send(_ request: Request, port: UInt16) throws -> Answer {
        var head = "\(request.method) \(request.target) HTTP/1.1\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        let declared = request.gate == .chunked ? "" : "Content-Length: \(request.body.count)\r\n"
        head += declared + "Connection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if request.gate == .chunked {
            bytes += Array((String(request.body.count, radix: 16) + "\r\n").utf8) + request.body + Array("\r\n0\r\n\r\n".utf8)
        } else {
            bytes += request.body
        }
        let reply = try exchange(bytes, port: port)
        guard let split = reply.firstRange(of: Data("\r\n\r\n".utf8)) else {
            return Answer(status: 0, headers: [], body: reply)
        }
        let lines = String(decoding: reply[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, headers: Array(lines.dropFirst()), body: Data(reply[split.upperBound...]))
    }

    /// Writes `bytes` to 127.0.0.1:`port` and reads until the server closes (30 s at most).
    static func exchange(_ bytes: [UInt8], port: UInt16) throws -> Data {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var sent = 0
        while sent < bytes.count {
            // The server may answer a refusal (413) and stop reading before the body is all sent.
            let wrote = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if wrote <= 0 { break }
            sent += wrote
        }
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = recv(descriptor, &buffer, buffer.count, 0)
            if read <= 0 { break }
            reply.append(contentsOf: buffer[0..<read])
        }
        return reply
    }
}
