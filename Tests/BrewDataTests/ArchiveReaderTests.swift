import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

@Suite struct ArchiveReaderTests {
    static func archive() -> [UInt8] {
        var generator = RightsGenerator(seed: 7)
        return Archive.bytes(for: generator.snapshot(), toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ArchiveReader.read(bytes, name: "a.json")
            return nil
        } catch {
            return error.message
        }
    }

    /// Re-signs edited contents, so only the check under test can catch the change.
    static func resigned(_ edit: (JSONValue) -> JSONValue) throws -> [UInt8] {
        let root = JSONValue(try JSONParser.parse(archive(), file: "a"))
        let contents = edit(root["contents"]!)
        let checksum = JSONValue.object([JSONMember("algorithm", .string("sha256")), JSONMember("contents", .string(Archive.sha256(CanonicalJSON.bytes(contents))))])
        let manifest = root["manifest"]!.setting("checksum", to: checksum).removing("counts")
        return CanonicalJSON.bytes(.object([JSONMember("manifest", manifest), JSONMember("contents", contents)]))
    }

    @Test func readsAGoodArchive() {
        #expect(Self.refusal(Self.archive()) == nil)
    }

    @Test func refusesATruncatedArchive() {
        let bytes = Self.archive()
        for length in [0, 1, bytes.count / 3, bytes.count / 2, bytes.count - 3] {
            let message = Self.refusal(Array(bytes.prefix(length)))
            #expect(message?.contains("not valid JSON") == true, "length \(length): \(message ?? "accepted")")
        }
    }

    @Test func refusesABitFlippedArchive() {
        let bytes = Self.archive()
        var generator = RightsGenerator(seed: 99)
        // The checksum covers the contents, which the canonical writer puts before the manifest.
        let manifestStart = String(decoding: bytes, as: UTF8.self).utf8.count - String(String(decoding: bytes, as: UTF8.self).split(separator: "\"manifest\"").last!).utf8.count
        for _ in 0..<40 {
            var flipped = bytes
            let index = generator.int(0...manifestStart - 12)
            flipped[index] ^= UInt8(1 << generator.int(0...7))
            #expect(Self.refusal(flipped) != nil, "flip at \(index) accepted")
        }
    }

    @Test func refusesANewerSchema() throws {
        let text = String(decoding: Self.archive(), as: UTF8.self).replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2")
        let message = Self.refusal(Array(text.utf8))
        #expect(message?.contains("newer brewguide") == true, "\(message ?? "accepted")")
    }

    @Test func refusesAChecksumMismatch() {
        let text = String(decoding: Self.archive(), as: UTF8.self).replacingOccurrences(of: "\"Morning\"", with: "\"Mourning\"")
        let message = Self.refusal(Array(text.utf8))
        #expect(message?.contains("checksum mismatch") == true, "\(message ?? "accepted")")
    }

    @Test func refusesAnUnsafeLogID() throws {
        let bytes = try Self.resigned { contents in
            guard case .array(var logs)? = contents["logs"], !logs.isEmpty else { return contents }
            logs[0] = logs[0].setting("id", to: .string("../../etc"))
            return contents.setting("logs", to: .array(logs))
        }
        let message = Self.refusal(bytes)
        #expect(message?.contains("unsafe") == true, "\(message ?? "accepted")")
    }

    @Test func refusesAnUnsafeSessionPath() throws {
        let bytes = try Self.resigned { contents in
            contents.setting("sessionFiles", to: .array([.object([JSONMember("path", .string("sessions/../../etc/passwd.json")), JSONMember("json", .array([]))])]))
        }
        let message = Self.refusal(bytes)
        #expect(message?.contains("unsafe") == true, "\(message ?? "accepted")")
    }

    @Test func importLeavesTheTargetUntouchedWhenRefused() throws {
        let folder = TestPaths.temporary("rights").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: CommandError.self) { _ = try Importer.run(archive: Array(Self.archive().prefix(100)), name: "a", into: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/preferences.json", contents: Data("{}".utf8))
        #expect(throws: CommandError.self) { _ = try Importer.run(archive: Self.archive(), name: "a", into: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["preferences.json"])
    }
}

/// The archive's checksum comes from the system's libcrypto: the standard's own test vectors
/// (FIPS 180-2) and a digest computed independently of it (Python's hashlib) pin it down.
@Suite struct ArchiveChecksumTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(input: String, digest: String) {
        #expect(Archive.sha256(Array(input.utf8)) == digest)
    }

    @Test func aMillionAsHashAsTheStandardSays() {
        #expect(Archive.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
