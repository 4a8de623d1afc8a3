import BrewKit
import Foundation

/// The secret of `serve --edit`/`--lan`: 192 random bits from the system's generator, as
/// URL-safe Base64 (32 characters), kept across runs in the user's state folder (`statePath`) or
/// in `--key-file`; `--new-key` makes a new one.
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
        return try write(fresh(), to: path, replacing: false)
    }

    /// Where `serve` keeps its key between runs without `--key-file` (issue 46: a restart must not
    /// leave the phone without a word): `$XDG_STATE_HOME/brewguide/serve.key`, else
    /// `~/.local/state/brewguide/serve.key`; nil when neither can be named.
    static func statePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return (state as NSString).appendingPathComponent("brewguide/serve.key")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return (home as NSString).appendingPathComponent(".local/state/brewguide/serve.key")
    }

    /// A new key written to `path` in place of the one there (`serve --new-key`).
    static func replaced(in path: String) throws -> String {
        try write(fresh(), to: path, replacing: true)
    }

    /// Writes `key` to `path`, readable by its owner only, in a folder made readable by its owner
    /// only. Without `replacing`, a file another `serve` made meanwhile wins: its key is read.
    private static func write(_ key: String, to path: String, replacing: Bool) throws -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: Data((key + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CommandError.file(path, "cannot write the key file")
        }
        defer { unlink(temporary) }
        if replacing {
            guard rename(temporary, path) == 0 else { throw CommandError.file(path, "cannot write the key file: \(String(cString: strerror(errno)))") }
            return key
        }
        // link() never replaces a file: two serves starting at once end with one key.
        if link(temporary, path) != 0 {
            guard errno == EEXIST else { throw CommandError.file(path, "cannot write the key file: \(String(cString: strerror(errno)))") }
            return try kept(in: path)
        }
        return key
    }
}
