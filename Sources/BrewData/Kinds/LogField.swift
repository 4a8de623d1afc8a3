import BrewKit

/// The brew log's fields, declared once (issue 49): a field is one line of `LogField.all`.
///
/// What the declaration drives:
/// - `LogsKind.fields` (the names, in the CSV export's column order) and `LogsKind.requiredFields`;
/// - for a measurement (`.measure`): the tree's reading (`BrewLogDecoder.decode`), the writer
///   (`RecordEncoder.json`), what `log` and the served form record (`BrewRecorder.Request.measures`),
///   the option named in messages (`BrewRecorder.optionForField`) and the form's known fields
///   (`ServedLogWrite.fields`).
///
/// What it cannot drive, and the test that names an omission:
/// - the bytes reader matches a key by its bytes in a switch, for speed (`BrewLogBytesDecoder.Field`):
///   `LogFieldListTests` compares its cases, `isRequired` and `isNumber` with this table;
/// - `log`'s options are ArgumentParser properties: `LogFieldDeclarationTests` checks that `log --help`
///   offers every declared option, and that the phone's save form (`pages.js`) sends every served one;
/// - the model (`BrewLog`) holds each field as a property: a measurement names its key path here.
public struct LogField: Sendable {
    /// What a field holds.
    public enum Value: Sendable, Hashable {
        case text
        /// A number in `unit` (`g`, `s`, `%`, `°Bx`).
        case number(unit: String)
        case wholeNumber
        case enumeration
        case timestamp
        case texts
    }

    /// How `brewguide log` (and the served save form, named the same) sets the field.
    public struct Option: Sendable, Hashable {
        /// The long option without its dashes: `tds` for `--tds`; the served form's field name.
        public var name: String
        /// Whether the phone's save form sends it.
        public var isServed: Bool
        public var flag: String { "--" + name }
    }

    /// An optional number the brewer measured: where the tree's reader puts it and where the log keeps it.
    struct Measure: Sendable {
        let decoded: WritableKeyPath<BrewLogDecoder.Fields, Double?> & Sendable
        let logged: WritableKeyPath<BrewLog, Double?> & Sendable
    }

    /// The name written in a file (a JSON key, a CSV column).
    public let name: String
    public let value: Value
    /// Absent or null, the tree reports it missing.
    public let isRequired: Bool
    /// What the tree's reader says it expects, in its messages (`what:`).
    public let what: String?
    public let option: Option?
    let measure: Measure?

    init(_ name: String, _ value: Value, required: Bool = false, what: String? = nil, option: String? = nil, served: Bool = true,
         measure: Measure? = nil) {
        self.name = name
        self.value = value
        self.isRequired = required
        self.what = what
        self.option = option.map { Option(name: $0, isServed: served) }
        self.measure = measure
    }

    static func measure(_ name: String, unit: String, what: String, option: String? = nil, served: Bool = true,
                        _ decoded: WritableKeyPath<BrewLogDecoder.Fields, Double?> & Sendable,
                        _ logged: WritableKeyPath<BrewLog, Double?> & Sendable) -> LogField {
        LogField(name, .number(unit: unit), what: what, option: option, served: served, measure: Measure(decoded: decoded, logged: logged))
    }

    /// Every field of a log, in the CSV export's column order.
    public static let all: [LogField] = [
        LogField("id", .text, required: true, what: "the log's id, used in its page's file name"),
        LogField("timestamp", .timestamp, required: true, option: "at"),
        LogField("method", .text, what: "a brew method such as v60"),
        LogField("recipeId", .text),
        LogField("recipeNameAtBrew", .text, required: true, what: "the recipe's name when it was brewed"),
        LogField("doseGrams", .number(unit: "g"), required: true, what: "grams of coffee", option: "dose"),
        LogField("targetYieldGrams", .number(unit: "g"), required: true, what: "grams of water", option: "yield"),
        LogField("waterTemperatureCelsius", .number(unit: "°C"), required: true, what: "°C", option: "temperature"),
        LogField("grindLabel", .enumeration, required: true, option: "grind"),
        LogField("rating", .wholeNumber, what: "a whole number from 1 to 5", option: "rating"),
        LogField("tasteTag", .enumeration, option: "tag"),
        LogField("note", .text, option: "note"),
        LogField("bean", .text, what: "the bean's name", option: "bean"),
        LogField("roaster", .text, what: "the roaster's name", option: "roaster"),
        LogField("mill", .text, what: "the grinder's name"),
        LogField("grinderSetting", .text, what: "the grinder's setting as text, such as \"18\"", option: "grinder-setting"),
        // `--brew-time` reads M:SS as well as seconds: `log` and the form read it themselves.
        .measure("brewTimeSeconds", unit: "s", what: "seconds", option: "brew-time", \.brewTimeSeconds, \.brewTimeSeconds),
        .measure("bloomSeconds", unit: "s", what: "seconds", \.bloomSeconds, \.bloomSeconds),
        .measure("tds", unit: "%", what: "percent", option: "tds", \.tds, \.tds),
        .measure("extractionYieldPercent", unit: "%", what: "percent", \.extractionYieldPercent, \.extractionYieldPercent),
        LogField("source", .text, what: "the app the brew came from, such as beanconqueror"),
        LogField("sourceId", .text, what: "the brew's id in that app"),
        LogField("fromRecipe", .texts, what: "field names such as [\"waterTemperatureCelsius\"]"),
        LogField("beanId", .text, what: "the id of a bag of beans in beans/", option: "bean-id"),
        .measure("beverageGrams", unit: "g", what: "grams of beverage in the cup", option: "beverage", \.beverageGrams, \.beverageGrams),
        .measure("brix", unit: "°Bx", what: "a refractometer's Brix reading, °Bx", option: "brix", \.brix, \.brix),
    ]

    /// Whether the field is an optional measured number (`.measure`).
    public var isMeasure: Bool { measure != nil }

    /// The optional measured numbers, in order.
    static let measures: [LogField] = all.filter { $0.measure != nil }

    /// The field of a name.
    public static func named(_ name: String) -> LogField? { all.first { $0.name == name } }
}
