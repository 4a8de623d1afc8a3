@testable import BrewServe
import Foundation
import Testing

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
}
