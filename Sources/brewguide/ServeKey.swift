import BrewKit
import BrewData
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

    /// The shortest and longest key a key file may hold, in characters (22 is 128 bits).
    static let keyCharacters = 22...256
    /// The fewest different characters a key must hold: 22 random characters of the 64 hold about
    /// 19, and fewer than 10 is a chance of less than one in 10^9; a key such as 22 identical
    /// letters or `abab…` is one a person typed, not drew.
    static let minimumDistinctCharacters = 10

    /// The key in `path`, or a fresh one written there (readable by its owner only) when the
    /// file is missing. Refused: a key file others may read or write (the key lets whoever reads
    /// it write to the journal), a key of fewer than 22 or more than 256 characters or not
    /// URL-safe Base64, and a key that was plainly not drawn at random (`problem(with:)`).
    static func kept(in path: String) throws -> String {
        if let data = FileManager.default.contents(atPath: path) {
            if let mode = DataFileMode.of(path), mode & 0o077 != 0 {
                throw CommandError.file(path, "the key file can be \(mode & 0o022 != 0 ? "changed" : "read") by others (mode \(String(mode, radix: 8))), and the key lets whoever has it write to the journal; make it readable by its owner only (chmod 600 \(path)), or remove it to make a new one")
            }
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let problem = problem(with: key) {
                throw CommandError.file(path, "\(problem); remove the file to make a new one")
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

    /// What is wrong with a key read from a file, nil when it can be used.
    static func problem(with key: String) -> String? {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let count = key.unicodeScalars.count
        guard keyCharacters.contains(count), key.unicodeScalars.allSatisfy(allowed.contains) else {
            return "expected a key of \(keyCharacters.lowerBound) to \(keyCharacters.upperBound) characters of A–Z, a–z, 0–9, - and _ (at least 128 bits), found \(count) character\(count == 1 ? "" : "s")\(key.unicodeScalars.allSatisfy(allowed.contains) ? "" : " with others among them")"
        }
        let distinct = Set(key.unicodeScalars).count
        guard distinct >= minimumDistinctCharacters else {
            return "the key holds only \(distinct) different character\(distinct == 1 ? "" : "s") in \(count), so it can be guessed; expected a random key (at least \(minimumDistinctCharacters) different characters, as `serve --key-file` writes one)"
        }
        return nil
    }
}
