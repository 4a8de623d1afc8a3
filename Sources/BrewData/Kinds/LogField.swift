import BrewKit

/// The brew log's fields, declared once (issue 49): a field is one line of `LogField.all`.
///
/// What the declaration drives:
/// - `LogsKind.fields` (the names, in the CSV export's column order) and `LogsKind.requiredFields`;
/// - every field, by its kind (text with its bound, enumeration with its allowed values, a
///   reference to another kind's id, a list of texts, a number), through one key path into
///   `BrewLog`: the tree's reading (`BrewLogDecoder.decode`, with the field's messages), the bytes
///   reader's (`BrewLogBytesDecoder`, which matches keys and takes values from this table) and the
///   writer (`RecordEncoder.json`), in `recordOrder`; what of a text the log keeps (`Kept`);
/// - for a field with an option (`settable`): what `log` and the served form read (one map by
///   field, `GivenLogFields`) and record (`BrewRecorder.Request`'s `texts`, `numbers` and
///   `measures`, written in `recordOrder`), the option named in messages
///   (`BrewRecorder.optionForField`), the form's known fields (`ServedLogWrite.fields`) and, with a
///   form field (`FormField`), the served "Save this brew" form's field (`SaveFormFields`, which
///   the page's script builds the form from).
///
/// What it cannot drive, and the test that names an omission:
/// - the model (`BrewLog`) holds each field as a property (the key path does not compile without
///   it); `LogFieldDeclarationTests` reads a log giving every declared field through the tree and
///   the bytes reader, and writes it back, naming a field either of them drops;
/// - `log`'s options are ArgumentParser properties, one line each: `LogFieldOptionsTests` checks
///   that every settable field has its option and every option its field.
public struct LogField: Sendable {
    /// What a field holds.
    public enum Value: Sendable, Hashable {
        /// Text of at most `maximumCharacters` characters (`FieldBounds.characters`).
        case text(maximumCharacters: Int)
        /// A number in `unit` (`g`, `s`, `%`, `°Bx`).
        case number(unit: String)
        case wholeNumber
        /// One of `allowed`; a value near one is offered (did you mean).
        case enumeration(allowed: [String])
        case timestamp
        /// A list of texts.
        case texts
        /// The id of a record of another kind, by that kind's folder (`beans`, `recipes`).
        case reference(kind: String)
    }

    /// How `brewguide log` (and the served save form, named the same) sets the field.
    public struct Option: Sendable, Hashable {
        /// The long option without its dashes: `tds` for `--tds`; the served form's field name.
        public var name: String
        /// Whether the served write (`POST /_api/log`) takes it.
        public var isServed: Bool
        /// The served "Save this brew" form's field for it; nil when the form shows none (the
        /// time, which the page's script sends itself: the time of the tap).
        public var form: FormField?
        public var flag: String { "--" + name }
    }

    /// A field of the served "Save this brew" form, made from the declaration by the page's
    /// script (`pages.js`, from the brew-along page's `brew-plan` data): its label (with the
    /// field's unit for a number), its hint, its input, and the number's step; its bounds are
    /// `FieldBounds.number`'s.
    public struct FormField: Sendable, Hashable {
        public enum Input: String, Sendable, Hashable {
            /// Made from the field's kind: a number, a choice (an enumeration, a reference), a line of text.
            case fromKind
            /// Several lines (the note).
            case lines
            /// A time as M:SS or seconds (`--brew-time`), read by `BrewRecorder.Request.seconds`.
            case clock
        }
        public var label: String
        public var hint: String?
        public var input: Input
        /// An HTML number input's `step` (`any` unless given).
        public var step: String?
        /// What the empty choice of a choice says (`the recipe's`, `no tag`).
        public var noChoice: String?
        /// Whether the form asks for it before it is sent (the rating).
        public var isRequired: Bool
        /// Folded away under "Temperature, grind, bean and more".
        public var isFolded: Bool

        /// A field shown at once.
        public static func shown(_ label: String, hint: String? = nil, input: Input = .fromKind, step: String? = nil,
                                 noChoice: String? = nil, required: Bool = false) -> FormField {
            FormField(label: label, hint: hint, input: input, step: step, noChoice: noChoice, isRequired: required, isFolded: false)
        }

        /// A field folded away.
        public static func folded(_ label: String, hint: String? = nil, input: Input = .fromKind, step: String? = nil,
                                  noChoice: String? = nil) -> FormField {
            FormField(label: label, hint: hint, input: input, step: step, noChoice: noChoice, isRequired: false, isFolded: true)
        }

        /// The label with the unit of a number typed as one: `TDS (%)`.
        public func shownLabel(for value: Value) -> String {
            if input == .fromKind, case .number(let unit) = value { return "\(label) (\(unit))" }
            return label
        }
    }

    /// What of a text the log keeps, the same whichever reader read it.
    enum Kept: Sendable {
        /// The text as written (an id, the recipe's name).
        case asGiven
        /// An empty text is none (the note).
        case nonEmpty
        /// A blank text is none; any other is kept as written (a bean's name).
        case nonBlank
        /// A blank text is none; any other is kept without its outer spaces (a method, an id of another kind).
        case nonBlankTrimmed

        func apply(_ text: String) -> String? {
            switch self {
            case .asGiven: text
            case .nonEmpty: text.isEmpty ? nil : text
            case .nonBlank: text.trimmingSpaces.isEmpty ? nil : text
            case .nonBlankTrimmed: text.trimmingSpaces.isEmpty ? nil : text.trimmingSpaces
            }
        }
    }

    /// How the tree's reader reads the field into the log being read (with the field's own
    /// messages): whether it took a value.
    typealias Read = @Sendable (_ field: LogField, _ reader: inout FieldReader, _ log: inout BrewLog) -> Bool
    /// How the bytes reader (`BrewLogBytesDecoder`) takes a JSON string (a text, an enumeration's
    /// value, a time, a list joined with `;`) or a JSON number into the log being read: false
    /// where the tree would make a finding, so that the tree reads the file.
    typealias TakeText = @Sendable (_ text: String, _ log: inout BrewLog) -> Bool
    typealias TakeNumber = @Sendable (_ number: Double, _ log: inout BrewLog) -> Bool
    /// The field as `RecordEncoder` writes it, nil when the log has none.
    typealias Write = @Sendable (BrewLog) -> JSONValue?

    /// The name written in a file (a JSON key, a CSV column).
    public let name: String
    public let value: Value
    /// Absent or null, the tree reports it missing.
    public let isRequired: Bool
    /// What the tree's reader says it expects, in its messages (`what:`).
    public let what: String?
    public let option: Option?
    /// Where the log keeps an optional measured number (`.measure`).
    let measure: (WritableKeyPath<BrewLog, Double?> & Sendable)?
    /// Whether most logs share the field's texts (a recipe's name, a bean's): the bytes reader makes
    /// each once a file. Not a log's own text (its id, its note).
    let repeats: Bool
    let read: Read
    let takeText: TakeText?
    let takeNumber: TakeNumber?
    /// The bytes reader's for a JSON array of texts (`fromRecipe`).
    let takeTexts: (@Sendable (_ texts: [String], _ log: inout BrewLog) -> Void)?
    let write: Write

    init(_ name: String, _ value: Value, required: Bool = false, what: String? = nil, option: String? = nil, served: Bool = true,
         form: FormField? = nil, measure: (WritableKeyPath<BrewLog, Double?> & Sendable)? = nil, repeats: Bool = false,
         read: @escaping Read, takeText: TakeText? = nil, takeNumber: TakeNumber? = nil,
         takeTexts: (@Sendable (_ texts: [String], _ log: inout BrewLog) -> Void)? = nil, write: @escaping Write) {
        self.name = name
        self.value = value
        self.isRequired = required
        self.what = what
        self.option = option.map { Option(name: $0, isServed: served, form: served ? form : nil) }
        self.measure = measure
        self.repeats = repeats
        self.read = read
        self.takeText = takeText
        self.takeNumber = takeNumber
        self.takeTexts = takeTexts
        self.write = write
    }

    // MARK: The kinds of field, each read and written one way
    //
    // Each reads and writes the log's property through one key path: the tree's reader and the
    // bytes reader put the value where the writer takes it from, so a field cannot reach one and not the other.

    /// A text; `reference` names the kind whose id it holds. `blankIsAbsent`: a blank value (an
    /// empty CSV cell) is read as no value, as `FieldReader.node` sees it.
    static func text(_ name: String, required: Bool = false, what: String? = nil, option: String? = nil, served: Bool = true, form: FormField? = nil,
                     reference: String? = nil, blankIsAbsent: Bool = false, kept: Kept = .nonBlank, repeats: Bool = true,
                     _ logged: WritableKeyPath<BrewLog, String?> & Sendable) -> LogField {
        LogField(name, reference.map { .reference(kind: $0) } ?? .text(maximumCharacters: FieldBounds.characters(name)), required: required, what: what,
                 option: option, served: served, form: form, repeats: repeats,
                 read: { field, reader, log in
                     if blankIsAbsent && reader.node(field.name) == nil { return false }
                     guard let text = reader.string(field.name, required: field.isRequired, what: field.what ?? "text") else { return false }
                     log[keyPath: logged] = kept.apply(text)
                     return true
                 },
                 takeText: { text, log in log[keyPath: logged] = kept.apply(text); return true },
                 write: { log in log[keyPath: logged].map(JSONValue.string) })
    }

    /// A text every log has (its id, its method, its recipe's name); `absent` stands where
    /// nothing is kept of it.
    static func text(_ name: String, required: Bool = false, what: String? = nil, option: String? = nil, served: Bool = true, form: FormField? = nil,
                     blankIsAbsent: Bool = false, kept: Kept = .asGiven, absent: String = "", repeats: Bool = true,
                     _ logged: WritableKeyPath<BrewLog, String> & Sendable) -> LogField {
        LogField(name, .text(maximumCharacters: FieldBounds.characters(name)), required: required, what: what, option: option, served: served, form: form,
                 repeats: repeats,
                 read: { field, reader, log in
                     if blankIsAbsent && reader.node(field.name) == nil { return false }
                     guard let text = reader.string(field.name, required: field.isRequired, what: field.what ?? "text") else { return false }
                     log[keyPath: logged] = kept.apply(text) ?? absent
                     return true
                 },
                 takeText: { text, log in log[keyPath: logged] = kept.apply(text) ?? absent; return true },
                 write: { log in .string(log[keyPath: logged]) })
    }

    /// One of an enumeration's raw values (`FieldReader.enumeration`: its messages offer the nearest).
    static func enumeration<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: E.Type, option: String? = nil, served: Bool = true, form: FormField? = nil,
        _ logged: WritableKeyPath<BrewLog, E?> & Sendable) -> LogField where E.RawValue == String {
        LogField(name, .enumeration(allowed: E.allCases.map(\.rawValue)), option: option, served: served, form: form,
                 read: { field, reader, log in
                     guard let value = reader.enumeration(E.self, field.name, required: field.isRequired) else { return false }
                     log[keyPath: logged] = value
                     return true
                 },
                 takeText: { text, log in
                     let trimmed = text.trimmingSpaces
                     if trimmed.isEmpty { return true }
                     guard let value = E(rawValue: trimmed) else { return false }
                     log[keyPath: logged] = value
                     return true
                 },
                 write: { log in log[keyPath: logged].map { .string($0.rawValue) } })
    }

    /// An enumeration every log has (its grind).
    static func enumeration<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: E.Type, required: Bool, option: String? = nil, served: Bool = true, form: FormField? = nil,
        _ logged: WritableKeyPath<BrewLog, E> & Sendable) -> LogField where E.RawValue == String {
        LogField(name, .enumeration(allowed: E.allCases.map(\.rawValue)), required: required, option: option, served: served, form: form,
                 read: { field, reader, log in
                     guard let value = reader.enumeration(E.self, field.name, required: field.isRequired) else { return false }
                     log[keyPath: logged] = value
                     return true
                 },
                 takeText: { text, log in
                     guard let value = E(rawValue: text.trimmingSpaces) else { return false }
                     log[keyPath: logged] = value
                     return true
                 },
                 write: { log in .string(log[keyPath: logged].rawValue) })
    }

    /// A number every log has (its dose, yield and temperature).
    static func number(_ name: String, unit: String, what: String, option: String? = nil, served: Bool = true, form: FormField? = nil,
                       _ logged: WritableKeyPath<BrewLog, Double> & Sendable) -> LogField {
        LogField(name, .number(unit: unit), required: true, what: what, option: option, served: served, form: form,
                 read: { field, reader, log in
                     guard let number = reader.double(field.name, required: true, what: field.what ?? "a number") else { return false }
                     log[keyPath: logged] = number
                     return true
                 },
                 takeNumber: { number, log in log[keyPath: logged] = number; return true },
                 write: { log in .number(log[keyPath: logged]) })
    }

    /// An optional number the brewer measured.
    static func measure(_ name: String, unit: String, what: String, option: String? = nil, served: Bool = true, form: FormField? = nil,
                        _ logged: WritableKeyPath<BrewLog, Double?> & Sendable) -> LogField {
        LogField(name, .number(unit: unit), what: what, option: option, served: served, form: form, measure: logged,
                 read: { field, reader, log in
                     guard let number = reader.double(field.name, what: field.what ?? "a number") else { return false }
                     log[keyPath: logged] = number
                     return true
                 },
                 takeNumber: { number, log in log[keyPath: logged] = number; return true },
                 write: { log in log[keyPath: logged].map(JSONValue.number) })
    }

    /// An optional whole number (the rating).
    static func wholeNumber(_ name: String, what: String, option: String? = nil, served: Bool = true, form: FormField? = nil,
                            _ logged: WritableKeyPath<BrewLog, Int?> & Sendable) -> LogField {
        LogField(name, .wholeNumber, what: what, option: option, served: served, form: form,
                 read: { field, reader, log in
                     guard let number = reader.int(field.name, what: field.what ?? "a whole number") else { return false }
                     log[keyPath: logged] = number
                     return true
                 },
                 takeNumber: { number, log in
                     guard number == number.rounded(), abs(number) < 1e15 else { return false }
                     log[keyPath: logged] = Int(number)
                     return true
                 },
                 write: { log in log[keyPath: logged].map { .number(Double($0)) } })
    }

    /// A list of texts, written only when it holds any; in a string (a CSV cell), joined with `;`.
    static func texts(_ name: String, what: String, _ logged: WritableKeyPath<BrewLog, [String]> & Sendable) -> LogField {
        LogField(name, .texts, what: what,
                 read: { field, reader, log in
                     log[keyPath: logged] = reader.texts(field.name, what: field.what ?? "an array of texts")
                     return true
                 },
                 takeText: { text, log in
                     log[keyPath: logged] = text.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                     return true
                 },
                 takeTexts: { texts, log in log[keyPath: logged] = texts },
                 write: { log in log[keyPath: logged].isEmpty ? nil : .array(log[keyPath: logged].map(JSONValue.string)) })
    }

    /// The moment of the brew with the offset it was written with.
    static func timestamp(_ name: String, option: String) -> LogField {
        LogField(name, .timestamp, required: true, option: option,
                 read: { field, reader, log in
                     guard let moment = reader.dateAndOffset(field.name, required: field.isRequired) else { return false }
                     (log.timestamp, log.timestampOffsetSeconds) = (moment.date, moment.offsetSeconds)
                     return true
                 },
                 takeText: { text, log in
                     guard let moment = ISO8601.dateAndOffset(from: text.trimmingSpaces) else { return false }
                     (log.timestamp, log.timestampOffsetSeconds) = (moment.date, moment.offsetSeconds)
                     return true
                 },
                 write: { log in .string(ISO8601.string(from: log.timestamp, offsetSeconds: log.timestampOffsetSeconds)) })
    }
    /// Every field of a log, in the CSV export's column order.
    public static let all: [LogField] = [
        .text("id", required: true, what: "the log's id, used in its page's file name", repeats: false, \.id),
        .timestamp("timestamp", option: "at"),
        // Any text here: `v60` for brews recorded here, another app's method for imported ones
        // (the validator says which is allowed where).
        .text("method", what: "a brew method such as v60", blankIsAbsent: true, kept: .nonBlankTrimmed, absent: BrewLog.recordedMethod, \.method),
        .text("recipeId", reference: "recipes", blankIsAbsent: true, kept: .asGiven, \.recipeId),
        .text("recipeNameAtBrew", required: true, what: "the recipe's name when it was brewed", \.recipeNameAtBrew),
        .number("doseGrams", unit: "g", what: "grams of coffee", option: "dose", form: .shown("Dose"), \.doseGrams),
        .number("targetYieldGrams", unit: "g", what: "grams of water", option: "yield", form: .shown("Yield"), \.targetYieldGrams),
        .number("waterTemperatureCelsius", unit: "°C", what: "°C", option: "temperature", form: .folded("Temperature", hint: "empty: the recipe's", step: "0.5"), \.waterTemperatureCelsius),
        .enumeration("grindLabel", GrindLabel.self, required: true, option: "grind", form: .folded("Grind", noChoice: "the recipe's"), \.grindLabel),
        // Required for brews recorded here; the validator says so, since an imported brew may lack one.
        .wholeNumber("rating", what: "a whole number from 1 to 5", option: "rating", form: .shown("Rating", noChoice: "choose a rating", required: true), \.rating),
        .enumeration("tasteTag", TasteTag.self, option: "tag", form: .shown("Taste", hint: "", noChoice: "no tag"), \.tasteTag),
        .text("note", option: "note", form: .shown("Note", input: .lines), kept: .nonEmpty, repeats: false, \.note),
        .text("bean", what: "the bean's name", option: "bean", form: .folded("Bean"), \.bean),
        .text("roaster", what: "the roaster's name", option: "roaster", form: .folded("Roaster"), \.roaster),
        .text("mill", what: "the grinder's name", \.mill),
        .text("grinderSetting", what: "the grinder's setting as text, such as \"18\"", option: "grinder-setting",
              form: .folded("Grinder setting", hint: "as your grinder shows it, such as 18 or 2.5"), \.grinderSetting),
        // `--brew-time` reads M:SS as well as seconds: `log` and the form read it themselves.
        .measure("brewTimeSeconds", unit: "s", what: "seconds", option: "brew-time", form: .shown("Brew time", hint: "m:ss, such as 3:05", input: .clock),
                 \.brewTimeSeconds),
        .measure("bloomSeconds", unit: "s", what: "seconds", \.bloomSeconds),
        .measure("tds", unit: "%", what: "percent", option: "tds", form: .folded("TDS", hint: "if you measured it, such as 1.35", step: "0.01"), \.tds),
        .measure("extractionYieldPercent", unit: "%", what: "percent", \.extractionYieldPercent),
        .text("source", what: "the app the brew came from, such as beanconqueror", kept: .nonBlankTrimmed, \.source),
        .text("sourceId", what: "the brew's id in that app", repeats: false, \.sourceId),
        .texts("fromRecipe", what: "field names such as [\"waterTemperatureCelsius\"]", \.fromRecipe),
        .text("beanId", what: "the id of a bag of beans in beans/", option: "bean-id", form: .shown("Bag", noChoice: "no bag"), reference: "beans", kept: .nonBlankTrimmed, \.beanId),
        .measure("beverageGrams", unit: "g", what: "grams of beverage in the cup", option: "beverage",
                 form: .folded("Beverage", hint: "the coffee in the cup, weighed: the chart's extraction is TDS × beverage ÷ dose", step: "0.1"), \.beverageGrams),
        .measure("brix", unit: "°Bx", what: "a refractometer's Brix reading, °Bx", option: "brix",
                 form: .folded("Brix", hint: "a refractometer's reading; without a TDS, TDS ≈ 0.85 × Brix", step: "0.01"), \.brix),
    ]

    /// The order a record is read and written in (`BrewLogDecoder.decode`, `RecordEncoder.json`):
    /// the table's, with the measured numbers together where the first of them stands, as records
    /// were written before the last of them were declared (the bytes of every file written stay).
    static let recordOrder: [LogField] = {
        guard let first = all.firstIndex(where: \.isMeasure) else { return all }
        let others = all.filter { !$0.isMeasure }
        let before = all[..<first].count
        return Array(others.prefix(before)) + measures + others.dropFirst(before)
    }()

    /// Whether the field is an optional measured number (`.measure`).
    public var isMeasure: Bool { measure != nil }

    /// The optional measured numbers, in order.
    static let measures: [LogField] = all.filter { $0.measure != nil }

    /// The fields `brewguide log` sets, each by its option (`LogCommand`'s options are checked against them).
    public static let settable: [LogField] = all.filter { $0.option != nil }

    /// The served "Save this brew" form's fields: the one it asks for first (the rating), then
    /// the others in the table's order (`pages.js` folds away those declared `.folded`).
    public static let formFields: [LogField] = {
        let shown = all.filter { $0.option?.form != nil }
        return shown.filter { $0.option!.form!.isRequired } + shown.filter { !$0.option!.form!.isRequired }
    }()

    /// The field of a name.
    public static func named(_ name: String) -> LogField? { all.first { $0.name == name } }
}

/// Fields are one by name (the table names each once), so a map of what was given is keyed by them.
extension LogField: Hashable {
    public static func == (lhs: LogField, rhs: LogField) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
