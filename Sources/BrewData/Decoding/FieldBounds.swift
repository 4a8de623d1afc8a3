import BrewKit

/// The bound of every number and text a record may hold, checked as each field is read (so
/// every kind of record, and every field added later, has one). The bounds are far outside
/// anything a brewer writes and looser than PRD 3.7.4's guardrails, which stay warnings: they
/// exist so that nothing the tool computes from data (a histogram, a time grid, a page) can
/// grow with a mistyped value. A field outside its bound is an error at the field.
///
/// | field                                    | bound                         |
/// |------------------------------------------|-------------------------------|
/// | coffee doses (`doseGrams`, `defaultDose`, `cardDosesGrams`) | up to 1,000 g  |
/// | other grams (yield, water) and millilitres (`…Ml`, `size`, `amount`) | up to 20,000 |
/// | seconds (`…Seconds`)                     | up to 86,400 (24 h)           |
/// | minutes (`…Minutes`)                     | up to 1,440 (24 h)            |
/// | any other number                         | up to 1,000,000 either way    |
/// | lists of numbers (`cardDosesGrams`)      | at most 50 values             |
/// | notes (`note`, `notes`)                  | 280 characters                |
/// | any other text (names, ids, tags…)       | 500 characters, one line      |
/// | a kitchen recipe's caption, step texts and ingredient notes | 50,000 characters (`KitchenRecipe.maximumTextCharacters`) |
///
/// Texts may hold tabs and line breaks but no other control character (ESC, BEL, NUL…): they
/// would reach a terminal, an XML feed or a page as they are.
public enum FieldBounds {
    public struct NumberBound: Sendable, Equatable {
        public var maximum: Double
        public var unit: String
    }

    public static let doseGrams = NumberBound(maximum: 1_000, unit: " g")
    public static let waterGrams = NumberBound(maximum: 20_000, unit: " g")
    public static let millilitres = NumberBound(maximum: 20_000, unit: " ml")
    public static let seconds = NumberBound(maximum: 86_400, unit: " s (24 hours)")
    public static let minutes = NumberBound(maximum: 1_440, unit: " minutes (24 hours)")
    public static let other = NumberBound(maximum: 1_000_000, unit: "")

    /// The smallest of the bounds above: a number no larger either way is within any field's.
    static let smallestMaximum = [doseGrams, waterGrams, millilitres, seconds, minutes, other].map(\.maximum).min()!

    /// The most numbers a list field (`cardDosesGrams`) holds: each dose is a printed page.
    public static let listValues = 50
    public static let noteCharacters = BrewLog.maximumNoteCharacters
    public static let textCharacters = 500

    private static let doseFields: Set<String> = ["doseGrams", "defaultDose", "cardDosesGrams"]
    private static let waterFields: Set<String> = ["defaultTargetYield"]
    private static let volumeFields: Set<String> = ["size", "amount", "defaultWaterAmount"]
    private static let noteFields: Set<String> = ["note", "notes"]

    /// The bound of a number field, by its name.
    public static func number(_ key: String) -> NumberBound {
        if doseFields.contains(key) { return doseGrams }
        if waterFields.contains(key) || key.hasSuffix("Grams") { return waterGrams }
        if volumeFields.contains(key) || key.hasSuffix("Ml") || key.hasSuffix("Millilitres") { return millilitres }
        if key.hasSuffix("Seconds") { return seconds }
        if key.hasSuffix("Minutes") { return minutes }
        return other
    }

    /// The most characters a text field holds, by its name.
    public static func characters(_ key: String) -> Int {
        noteFields.contains(key) ? noteCharacters : textCharacters
    }

    /// Why `value` is outside the bound of `key`, or nil.
    static func numberProblem(_ value: Double, key: String, path: String) -> String? {
        // Within every bound: no need to find the field's own by its name (hashing it).
        if value.magnitude <= smallestMaximum { return nil }
        let bound = number(key)
        if value > bound.maximum {
            return "\(path) must be at most \(Format.number(bound.maximum))\(bound.unit), found \(Format.number(value))"
        }
        if value < -bound.maximum {
            return "\(path) must be at least -\(Format.number(bound.maximum))\(bound.unit), found \(Format.number(value))"
        }
        return nil
    }

    /// Why `text` cannot be the value of `key`, or nil: too long, or holding a control character.
    static func textProblem(_ text: String, key: String, path: String, limit ownLimit: Int? = nil) -> String? {
        let limit = ownLimit ?? characters(key)
        // Counting stops after the limit: a 200 MB name is refused without counting it all.
        if text.utf8.count > limit, text.prefix(limit + 1).count > limit {
            if ownLimit != nil || (noteFields.contains(key) && text.utf8.count <= 100_000) {
                return "\(path) must be at most \(limit) characters, found \(text.count)"
            }
            return "\(path) must be at most \(limit) characters, found \(text.utf8.count) bytes; keep names and other one-line texts short"
        }
        if let control = ShownText.firstForbiddenControl(in: text) {
            return "\(path) holds the control character \(ShownText.name(of: control.scalar)) at character \(control.offset + 1); texts may hold tabs and line breaks but no other control characters"
        }
        return nil
    }
}
