import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `contents.kitchenImages` in the export archive (`KitchenImage`): carried for the bundled
/// journal's one thumbnail, read back byte for byte, and every broken entry refused with a
/// message that names it.
@Suite struct KitchenImageArchiveTests {
    static let root = TestPaths.journal.path
    static let image = "kitchen/images/shakshuka.png"

    static func archive() throws -> [UInt8] {
        Archive.bytes(for: try DataSnapshot.load(root: root), toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0))
    }

    /// The archive with its first image entry edited, re-signed so only the image rules can refuse it.
    static func refusal(editingImage edit: (JSONValue) -> JSONValue) throws -> String? {
        let root = JSONValue(try JSONParser.parse(try archive(), file: "a"))
        guard case .array(let images)? = root["contents"]?["kitchenImages"], let first = images.first else { return "no kitchenImages" }
        let contents = root["contents"]!.setting("kitchenImages", to: .array([edit(first)] + images.dropFirst()))
        let checksum = JSONValue.object([JSONMember("algorithm", .string("sha256")), JSONMember("contents", .string(Archive.sha256(CanonicalJSON.bytes(contents))))])
        let manifest = root["manifest"]!.setting("checksum", to: checksum)
        do {
            _ = try ArchiveReader.read(CanonicalJSON.bytes(.object([JSONMember("manifest", manifest), JSONMember("contents", contents)])), name: "a.json")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theBundledThumbnailTravelsByteForByte() throws {
        let original = try #require(FileManager.default.contents(atPath: (Self.root as NSString).appendingPathComponent(Self.image)))
        let snapshot = try ArchiveReader.read(try Self.archive(), name: "a.json")
        #expect(snapshot.kitchenImages.map(\.path) == [Self.image])
        #expect(snapshot.kitchenImages.first?.bytes == [UInt8](original))
        let files = try DataDirectoryWriter.files(for: snapshot)
        #expect(files.first { $0.relativePath == Self.image }?.bytes == [UInt8](original))
    }

    @Test func anArchiveWithoutImagesHasNoKitchenImagesKey() throws {
        var snapshot = try DataSnapshot.load(root: Self.root)
        snapshot.kitchenImages = []
        let text = String(decoding: Archive.bytes(for: snapshot, toolVersion: "test", createdAt: Date(timeIntervalSince1970: 0)), as: UTF8.self)
        #expect(!text.contains("kitchenImages"))
    }

    @Test(arguments: [
        ("../escape.png", "path"),
        ("/etc/passwd.png", "absolute path"),
        ("kitchen/images/notes.txt", "path"),
        ("assets/site.png", "path"),
        ("kitchen/images/other.png", "is not the thumbnail (or its grid copy) of any of the archive's kitchen recipes"),
    ])
    func refusesAnUnsafeOrUnnamedPath(path: String, expected: String) throws {
        let message = try Self.refusal { $0.setting("path", to: .string(path)) }
        #expect(message?.contains("contents.kitchenImages[0]") == true, "\(message ?? "accepted")")
        #expect(message?.contains(expected) == true, "\(message ?? "accepted")")
    }

    @Test func refusesBytesThatDoNotMatch() throws {
        let tampered = try Self.refusal { $0.setting("base64", to: .string(Data([1, 2, 3]).base64EncodedString())) }
        #expect(tampered?.contains("\"bytes\" must be the file's size, 3") == true, "\(tampered ?? "accepted")")
        let wrongHash = try Self.refusal { $0.setting("sha256", to: .string(String(repeating: "0", count: 64))) }
        #expect(wrongHash?.contains("sha256 mismatch") == true, "\(wrongHash ?? "accepted")")
        let notBase64 = try Self.refusal { $0.setting("base64", to: .string("%%%")) }
        #expect(notBase64?.contains("expected the file's bytes as base64") == true, "\(notBase64 ?? "accepted")")
    }
}
