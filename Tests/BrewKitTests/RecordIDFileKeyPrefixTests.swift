@testable import BrewKit
import Testing
import TestSupport

/// `RecordID.fileKey(of:startsWith:)` decides which logs' ids a new brew's id can collide with
/// without making every id's key; it must say what making the key and testing its prefix says.
@Suite struct RecordIDFileKeyPrefixTests {
    static let pieces = ["log-", "LOG-", "Log-", "2026", "1202", "-0814", "-2", "a", "Z", "é", "É", "K", "\u{212A}", "-", ""]

    static func text(_ random: inout SplitMix64, parts: Int) -> String {
        (0..<parts).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func agreesWithTheKeysPrefixOnGeneratedIDs() {
        var random = SplitMix64(seed: 20261202)
        var disagreements: [String] = []
        var matches = 0
        for _ in 0..<20_000 {
            let id = Self.text(&random, parts: Int(1 + random.next() % 5))
            let prefixKey = RecordID.fileKey(Self.text(&random, parts: Int(random.next() % 3)))
            let expected = RecordID.fileKey(id).hasPrefix(prefixKey)
            if expected { matches += 1 }
            if RecordID.fileKey(of: id, startsWith: prefixKey) != expected { disagreements.append("\(id) / \(prefixKey)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(matches > 1_000, "the generated ids hardly ever share a prefix, so the test shows little")
    }

    @Test func aBrewsFamilyAndNothingElse() {
        let base = RecordID.fileKey("log-20261202-0814")
        #expect(RecordID.fileKey(of: "log-20261202-0814", startsWith: base))
        #expect(RecordID.fileKey(of: "LOG-20261202-0814-2", startsWith: base))
        #expect(!RecordID.fileKey(of: "log-20261202-0815", startsWith: base))
        #expect(!RecordID.fileKey(of: "log-2026", startsWith: base))
    }
}
