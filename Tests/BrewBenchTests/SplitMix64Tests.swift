import Testing
@testable import brewbench

struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        // The first outputs of Vigna's splitmix64.c for the seed 1234567.
        var random = SplitMix64(seed: 1_234_567)
        #expect([random.next(), random.next(), random.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func staysInItsRanges() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            #expect((3...9).contains(random.int(in: 3...9)))
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
            #expect(random.weightedIndex([0, 5, 0]) == 1)
        }
    }
}
