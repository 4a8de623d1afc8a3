@testable import BrewServe
import Foundation
import Synchronization
import Testing
import TestSupport

/// The reads the pages' script makes (`GET /_api/…`, such as the night-out page's entries): only
/// for a browser that may write, only the known query fields, each once.
struct ReadAccessTests {
    static let key = "k3y-0123456789abcdefghijkl"

    static let night = ReadEndpoint(path: "/_api/session/night", knownFields: ["session"]) { fields in
        guard let id = fields["session"] else { return .found(json: Data("{\"active\":null}".utf8)) }
        return id == "pub-quiz" ? .found(json: Data("{\"session\":\"pub-quiz\"}".utf8)) : .notFound(errors: ["no session \"\(id)\""])
    }

    static func request(_ target: String, key: String? = Self.key, from peer: String = "127.0.0.1") -> ServerRequest {
        var headers: HTTPHeaderFields = ["Host": "127.0.0.1"]
        if let key { headers["Cookie"] = "brewguide_key=\(key)" }
        return ServerRequest(head: HTTPRequestHead(method: "GET", target: target, minorVersion: 1, headers: headers), body: Data(), peerAddress: peer)
    }

    static func body(_ response: ServerResponse) -> String {
        if case .bytes(let data) = response.body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    @Test func aReadWithTheKeyGetsTheEndpointsAnswer() async {
        let reads = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: [], endpoints: []))
        let found = await reads.read(Self.request("/_api/session/night?session=pub-quiz"), endpoint: Self.night)
        #expect(found.status == .ok)
        #expect(Self.body(found) == "{\"session\":\"pub-quiz\"}")
        #expect(found.headers["Content-Type"] == "application/json")
        let missing = await reads.read(Self.request("/_api/session/night?session=nope"), endpoint: Self.night)
        #expect(missing.status == .notFound)
        #expect(Self.body(missing).contains("no session"))
    }

    @Test func aReadWithoutTheKeyOrFromAnotherMachineUnderEditIsRefused() async {
        let reads = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: [], endpoints: []))
        #expect(await reads.read(Self.request("/_api/session/night", key: nil), endpoint: Self.night).status == .forbidden)
        #expect(await reads.read(Self.request("/_api/session/night", key: "wrong-key-0123456789abcd"), endpoint: Self.night).status == .forbidden)
        #expect(await reads.read(Self.request("/_api/session/night", from: "192.168.1.20"), endpoint: Self.night).status == .forbidden)
        let lan = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: ["192.168.1.5"], endpoints: []))
        #expect(await lan.read(Self.request("/_api/session/night", from: "192.168.1.20"), endpoint: Self.night).status == .ok)
    }

    @Test func unknownOrRepeatedQueryFieldsAreRefused422() async {
        let reads = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: [], endpoints: []))
        let unknown = await reads.read(Self.request("/_api/session/night?path=..%2F..%2Fetc"), endpoint: Self.night)
        #expect(unknown.status == .unprocessableContent)
        #expect(Self.body(unknown).contains("unknown field"))
        let twice = await reads.read(Self.request("/_api/session/night?session=a&session=b"), endpoint: Self.night)
        #expect(twice.status == .unprocessableContent)
    }

    /// Seeded, as `RequestFuzzTests` is (`BREWGUIDE_FUZZ_SEED`, `BREWGUIDE_FUZZ_COUNT`): hostile
    /// queries reach the endpoint only with the key and with known fields, and are answered at once.
    @Test func hostileQueriesReachTheEndpointOnlyWithTheKeyAndKnownFields() async {
        var random = SplitMix64(seed: RequestFuzzTests.seed &+ 3)
        let seen = Mutex<[[String: String]]>([])
        let endpoint = ReadEndpoint(path: "/_api/session/night", knownFields: ["session"]) { fields in
            seen.withLock { $0.append(fields) }
            return .found(json: Data("{}".utf8))
        }
        let reads = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: ["192.168.1.20"], endpoints: []))
        let names = ["session", "SESSION", "path", "session%00", "%2e%2e", "", "session[]", "%FF"]
        let values = ["pub-quiz", "..%2F..%2Fetc%2Fpasswd", "%FF%FE", "a+b", "%", String(repeating: "x", count: 3_000), "<script>", "/etc/passwd"]
        for index in 0..<RequestFuzzTests.count {
            let query = (0..<Int(random.next() % 4)).map { _ in
                names[Int(random.next() % UInt64(names.count))] + "=" + values[Int(random.next() % UInt64(values.count))]
            }.joined(separator: "&")
            let withKey = random.next() % 3 != 0
            var request = Self.request("/_api/session/night?" + query, key: withKey ? Self.key : nil, from: "192.168.1.31")
            request.head.headers["Host"] = "192.168.1.20:8000"
            let before = seen.withLock { $0.count }
            let response = await reads.read(request, endpoint: endpoint)
            let name = "query \(index) (seed \(RequestFuzzTests.seed &+ 3)): \(query.prefix(120).debugDescription)"
            #expect([200, 400, 403, 422].contains(response.status.code), "\(name) answered \(response.status)")
            let reached = seen.withLock { $0.count } > before
            if !withKey { #expect(response.status == .forbidden && !reached, "\(name) without the key") }
            if reached {
                #expect(response.status == .ok)
                #expect(Set(seen.withLock { $0.last ?? [:] }.keys).isSubset(of: ["session"]), "\(name) reached it with unknown fields")
            }
        }
    }
}
