import BrewKit
import Foundation

/// The search index's words' and documents' files packed (`RawDeflate`, then base64), each kept
/// with the JSON it was packed from: a rebuild gives the same JSON for all but the few files a new
/// brew changed, and those alone are packed again. What it returns depends on the JSON only.
final class PackedSearchFiles: Sendable {
    static let shared = PackedSearchFiles()

    private struct Kept: Sendable {
        var json: [UInt8]
        var packed: [UInt8]
    }

    /// The last file packed at each path (a site has a few hundred at most).
    private let kept = Locked<[String: Kept]>([:])

    /// `json` deflated, in base64.
    func packed(_ json: [UInt8], at path: String) -> [UInt8] {
        if let known = kept.withLock({ $0[path] }), known.json == json { return known.packed }
        let packed = Array(Data(RawDeflate.pack(json)).base64EncodedData())
        kept.withLock { $0[path] = Kept(json: json, packed: packed) }
        return packed
    }

    /// The JSON a packed file's base64 holds, or nil when it is not base64 of one deflate stream.
    static func unpacked(_ base64: [UInt8]) -> [UInt8]? {
        guard let deflated = Data(base64Encoded: Data(base64)) else { return nil }
        return RawDeflate.unpack(Array(deflated))
    }
}
