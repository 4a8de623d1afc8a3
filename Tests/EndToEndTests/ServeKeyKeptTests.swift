import Foundation
import Testing
import TestSupport

/// Issue 46: restarting `serve` without `--key-file` made every phone read-only without a word.
/// The key is now kept in the user's state folder (`XDG_STATE_HOME`, readable by them only) and a
/// restart takes the same key; `--new-key` makes a new one, and a browser with the old key is told
/// so in words (every page, and the old address), not with raw JSON.
@Suite(.serialized) struct ServeKeyKeptTests {
    /// Runs `serve --edit` on `data` with `state` as XDG_STATE_HOME; the process and its key address.
    static func serve(_ data: URL, state: URL, _ extra: [String] = []) throws -> (RunningBrewGuide, String) {
        let site = data.deletingLastPathComponent().appendingPathComponent("Site")
        let process = try RunningBrewGuide(running: ["serve", "--edit", "--data", data.path, "--output", site.path, "--port", "0"] + extra,
                                           environment: ["XDG_STATE_HOME": state.path])
        guard process.waitFor("watching", seconds: 120), let address = process.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#) else {
            process.stop()
            throw CommandError(description: "serve --edit did not start: \(process.output)")
        }
        return (process, address)
    }

    struct CommandError: Error, CustomStringConvertible { var description: String }

    /// A second `serve` of the same data folder (into another site folder) does not take the
    /// first one's writes away in silence: it says on the terminal which serve holds the folder.
    /// Once the first has stopped, a new serve says nothing.
    @Test func aSecondServeOfTheSameDataFolderSaysWhichServeHoldsIt() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let state = TestPaths.temporary("serve-key-state")
        defer {
            try? FileManager.default.removeItem(at: data.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: state)
        }
        let (first, firstAddress) = try Self.serve(data, state: state)
        let firstPort = firstAddress.split(separator: ":")[2].prefix { $0.isNumber }
        #expect(!first.output.contains("is already served by"), "\(first.output)")
        let other = data.deletingLastPathComponent().appendingPathComponent("Site2")
        let second = try RunningBrewGuide(running: ["serve", "--edit", "--data", data.path, "--output", other.path, "--port", "0"],
                                          environment: ["XDG_STATE_HOME": state.path])
        #expect(second.waitFor("watching", seconds: 120), "\(second.output)")
        #expect(second.output.contains("note: \(data.path) is already served by brewguide serve on port \(firstPort) (pid "), "\(second.output)")
        #expect(second.output.contains("stop one of them"), "\(second.output)")
        second.stop()
        first.stop()
        let (third, _) = try Self.serve(data, state: state)
        defer { third.stop() }
        #expect(!third.output.contains("is already served by"), "\(third.output)")
    }

    @Test func aRestartKeepsTheKeyAndANewKeySaysTheOldOneIsNoLongerValid() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let state = TestPaths.temporary("serve-key-state")
        defer {
            try? FileManager.default.removeItem(at: data.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: state)
        }
        let (first, firstAddress) = try Self.serve(data, state: state)
        let keyFile = state.appendingPathComponent("brewguide/serve.key")
        #expect(first.output.contains("the key is kept in \(keyFile.path)"), "\(first.output)")
        first.stop()
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the key file is readable by its owner only")
        let folder = try FileManager.default.attributesOfItem(atPath: keyFile.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)

        let (second, secondAddress) = try Self.serve(data, state: state)
        let key = String(firstAddress.split(separator: "=").last ?? "")
        #expect(secondAddress.hasSuffix("?key=\(key)"), "the restart takes the same key: \(firstAddress) then \(secondAddress)")
        second.stop()

        let (third, thirdAddress) = try Self.serve(data, state: state, ["--new-key"])
        defer { third.stop() }
        #expect(!thirdAddress.hasSuffix("?key=\(key)"), "--new-key makes a new key")
        let base = String(thirdAddress.prefix { $0 != "?" })
        // The old address: a page in words, not JSON.
        let (oldStatus, oldPage) = try ServePhoneWritesTests.get(base + "?key=\(key)")
        #expect(oldStatus == 403)
        #expect(oldPage.contains("This key is not valid") && !oldPage.contains("{\"errors\""), "\(oldPage.prefix(400))")
        // A page asked with the old key's cookie says so at the bottom of the screen.
        let (status, page) = try ServePhoneWritesTests.get(base, headers: [ServePhoneWritesTests.keyCookie(key, base: base, data: data)])
        #expect(status == 200)
        #expect(page.contains("This phone's key to the journal is no longer valid"), "\(page.suffix(600))")
        let (_, plain) = try ServePhoneWritesTests.get(base)
        #expect(!plain.contains("no longer valid"), "a browser with no key is not told about one")
    }
}
