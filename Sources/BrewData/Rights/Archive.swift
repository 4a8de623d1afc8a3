import BrewKit
import Clibcrypto
import Foundation

/// The export archive: one JSON file with a manifest and the contents.
///
/// ```
/// { "contents": { "erasures": [...], "logs": [...], "preferences": {...} | null,
///                 "recipes": [...], "sessionFiles": [{ "path": "sessions/...", "json": ... }
///                                                   | { "path": ..., "csv": { "header": [...], "rows": [[...]] } }] },
///   "manifest": { "format": "brewguide-archive", "schemaVersion": 1, "toolVersion": "...",
///                 "createdAt": "...", "counts": {...},
///                 "checksum": { "algorithm": "sha256", "contents": "<hex of the canonical contents>" } } }
/// ```
/// Keys are sorted and records ordered by id, so the same data gives the same bytes
/// apart from `createdAt`.
public enum Archive {
    public static let format = "brewguide-archive"
    public static let schemaVersion = 1

    /// Every member (`ArchiveMember`) that holds something or is always written.
    public static func contents(of snapshot: DataSnapshot) -> JSONValue {
        .object(ArchiveMember.allCases.compactMap { member in member.json(of: snapshot).map { JSONMember(member.rawValue, $0) } })
    }

    static func json(_ file: SessionFile) -> JSONValue {
        switch file.content {
        case .json(let value):
            .object([JSONMember("path", .string(file.relativePath)), JSONMember("json", value)])
        case .csv(let header, let rows):
            .object([
                JSONMember("path", .string(file.relativePath)),
                JSONMember("csv", .object([
                    JSONMember("header", .array(header.map(JSONValue.string))),
                    JSONMember("rows", .array(rows.map { .array($0.map(JSONValue.string)) })),
                ])),
            ])
        }
    }

    /// The manifest's `counts`, walked from the kinds: for each member the archive holds, its
    /// files when it carries files (`sessionFiles`, …), then each kind it carries that is counted
    /// (`RecordKind.isCountedInManifest`), by its name. Member order, then `RecordKind` order.
    public static func counts(of snapshot: DataSnapshot) -> [(kind: String, count: Int)] {
        ArchiveMember.allCases.filter { $0.isWritten(for: snapshot) }.flatMap { member in
            (member.carriesFiles ? [(kind: member.rawValue, count: member.elementCount(in: snapshot))] : [])
                + RecordKind.registered.filter { $0.archiveMember == member && $0.isCountedInManifest }.map { (kind: $0.rawValue, count: snapshot.count($0)) }
        }
    }

    public static func bytes(for snapshot: DataSnapshot, toolVersion: String, createdAt: Date) -> [UInt8] {
        let contents = contents(of: snapshot)
        let manifest = JSONValue.object([
            JSONMember("format", .string(format)),
            JSONMember("schemaVersion", .number(Double(schemaVersion))),
            JSONMember("toolVersion", .string(toolVersion)),
            JSONMember("createdAt", .string(ISO8601.string(from: createdAt))),
            JSONMember("counts", .object(counts(of: snapshot).map { JSONMember($0.kind, .number(Double($0.count))) })),
            JSONMember("checksum", .object([
                JSONMember("algorithm", .string("sha256")),
                JSONMember("contents", .string(sha256(CanonicalJSON.bytes(contents)))),
            ])),
        ])
        return CanonicalJSON.bytes(.object([JSONMember("manifest", manifest), JSONMember("contents", contents)]))
    }

    /// Lower-case hex SHA-256.
    public static func sha256(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var digestLength: UInt32 = 0
        let succeeded = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &digestLength, EVP_sha256(), nil)
        }
        // EVP_Digest fails only when memory cannot be had; there is no checksum to give then.
        precondition(succeeded == 1, "SHA-256 from libcrypto failed")
        return digest.prefix(Int(digestLength)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
