import BrewKit
import Testing

/// Amounts and step timers beyond English (issue 25): Swedish, German, French, Italian, Spanish
/// and Dutch units and durations, and a length with its metric alternative.
@Suite struct KitchenLanguagesTests {
    @Test(arguments: [
        ("2 msk", 2.0, KitchenQuantityUnit.measure(.tablespoon)),
        ("1 tsk", 1, .measure(.teaspoon)),
        ("2 EL", 2, .measure(.tablespoon)),
        ("1 TL", 1, .measure(.teaspoon)),
        ("2 el", 2, .measure(.tablespoon)),
        ("3 c. à soupe", 3, .measure(.tablespoon)),
        ("1 c. à café", 1, .measure(.teaspoon)),
        ("2 cuillères à soupe", 2, .measure(.tablespoon)),
        ("1 c.à.s.", 1, .measure(.tablespoon)),
        ("2 cucharadas", 2, .measure(.tablespoon)),
        ("1 cucharadita", 1, .measure(.teaspoon)),
        ("2 cucchiai", 2, .measure(.tablespoon)),
        ("1 cucchiaino", 1, .measure(.teaspoon)),
        ("1 Tasse", 1, .measure(.cup)),
        ("2 eetlepels", 2, .measure(.tablespoon)),
        ("3 dl", 3, .counted("dl")),
        ("2 Zehen", 2, .counted("zehen")),
        ("1 inch (2.5 cm)", 1, .counted("inch")),
        ("250 gramm", 250, .measure(.gram)),
    ])
    func readsOtherLanguagesUnits(text: String, amount: Double, unit: KitchenQuantityUnit) throws {
        let quantity = try #require(AmountGrammar.parse(text).quantity, "\(text) reads as a quantity")
        #expect(quantity.amount == amount)
        #expect(quantity.unit == unit)
    }

    @Test(arguments: [
        ("1 inch (2.5 cm) ginger", "1 inch (2.5 cm)", "ginger"),
        ("2 inches ginger, grated", "2 inches", "ginger, grated"),
        ("3 dl mjölk", "3 dl", "mjölk"),
        ("2 EL Olivenöl", "2 EL", "Olivenöl"),
        ("1 c. à soupe d'huile", "1 c. à soupe", "huile"),
        ("2 cucharadas de aceite", "2 cucharadas", "aceite"),
        ("1 chili pepper", "1", "chili pepper"),
    ])
    func splitsLinesInOtherLanguages(line: String, amount: String, rest: String) {
        let split = AmountGrammar.splitLine(line)
        #expect(split.amount == amount)
        #expect(split.rest == rest)
    }

    /// "1 inch (2.5 cm) ginger" kept its name: halved it is "½ inch" of ginger, not "½ inch, (2.5 cm)".
    @Test func aLengthWithItsMetricAlternativeScalesAsOne() {
        let amount = AmountGrammar.parse("1 inch (2.5 cm)")
        #expect(KitchenScaler.scale(amount, written: "1 inch (2.5 cm)", by: 0.5, units: .metric).text == "½ inch")
        #expect(KitchenScaler.scale(AmountGrammar.parse("3 dl"), written: "3 dl", by: 2, units: .metric).text == "6 dl", "a measure with no unit here scales as written")
        #expect(AmountGrammar.plural(of: "dl") == "dl")
    }

    @Test(arguments: [
        ("Sjud i 15 minuter.", 900),
        ("1-2 Minuten rühren.", 60),
        ("Let it rest for at least one hour.", 3600),
        ("Laisser reposer une heure.", 3600),
        ("Cuocere per 20 minuti.", 1200),
        ("Hornear 1 hora y 10 minutos.", 4200),
        ("Kook 10 minuten.", 600),
        ("Bake for an hour, then cool.", 3600),
        ("Add a s pinch of salt.", nil),
        ("Stir 10 min.", 600),
    ] as [(String, Int?)])
    func readsTimersInOtherLanguages(text: String, seconds: Int?) {
        #expect(KitchenDuration.seconds(in: text) == seconds)
    }
}
