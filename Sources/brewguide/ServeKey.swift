import BrewKit
import Foundation

/// The secret of `serve --edit`/`--lan`: 192 random bits from the system's generator, as
/// URL-safe Base64 (32 characters), new each run unless `--key-file` keeps one.
enum ServeKey {
    static func fresh() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The key in `path`, or a fresh one written there (readable by its owner only) when the
    /// file is missing. A key shorter than 22 characters (128 bits) or not URL-safe Base64 is refused.
    static func kept(in path: String) throws -> String {
        if let data = FileManager.default.contents(atPath: path) {
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            guard key.count >= 22, key.count <= 256, key.unicodeScalars.allSatisfy(allowed.contains) else {
                throw CommandError.file(path, "expected a key of at least 22 characters of A–Z, a–z, 0–9, - and _ (128 bits); remove the file to make a new one")
            }
            return key
        }
        let key = fresh()
        guard FileManager.default.createFile(atPath: path, contents: Data((key + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CommandError.file(path, "cannot write the key file")
        }
        return key
    }
}
