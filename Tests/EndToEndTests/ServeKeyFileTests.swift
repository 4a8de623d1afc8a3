import Foundation
import Testing
import TestSupport

/// `serve --edit --key-file`: a key file that others may read, a key out of bounds (said with
/// its real bounds and its length) and a key that was plainly not drawn at random are refused
/// before the server starts (issue 45: a 257-character key was "at least 22", a 0644 file was used
/// without a word, 22 identical letters were taken).
@Suite struct ServeKeyFileTests {
    static let goodKey = "q7Xk2LmP9vRtB4wZc8NfHj"

    static func serve(keyFile: URL, key: String, mode: Int) throws -> BrewGuideProcess.Result {
        try Data((key + "\n").utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: keyFile.path)
        let root = keyFile.deletingLastPathComponent()
        return try BrewGuideProcess.run(["serve", "--edit", "--key-file", keyFile.path, "--data", "Data", "--output", root.appendingPathComponent("Site").path, "--port", "0"])
    }

    @Test(arguments: [
        (goodKey, 0o644, "the key file can be read by others (mode 644)"),
        (goodKey, 0o666, "the key file can be changed by others (mode 666)"),
        (String(repeating: "a", count: 22), 0o600, "the key holds only 1 different character in 22, so it can be guessed"),
        (String(repeating: "ab", count: 16), 0o600, "the key holds only 2 different characters in 32"),
        (String(repeating: goodKey, count: 12).prefix(257).description, 0o600, "expected a key of 22 to 256 characters of A–Z, a–z, 0–9, - and _ (at least 128 bits), found 257 characters"),
        ("short", 0o600, "expected a key of 22 to 256 characters of A–Z, a–z, 0–9, - and _ (at least 128 bits), found 5 characters"),
    ])
    func aKeyFileThatCannotBeTrustedIsRefused(key: String, mode: Int, words: String) throws {
        let root = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let keyFile = root.appendingPathComponent("serve.key")
        let result = try Self.serve(keyFile: keyFile, key: key, mode: mode)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(keyFile.path): error: \(words)"), "\(result.stderr)")
        #expect(!result.stdout.contains("key="), "no key is printed: \(result.stdout)")
    }
}
