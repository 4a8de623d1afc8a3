import BrewData
import BrewKit

/// The served "Save this brew" form's fields as the brew-along page declares them to its script
/// (`pages.js` reads `plan.log.fields`): one for each of `LogField.formFields`, made from its
/// declaration in `LogField.all`, so a field declared with a form field is on the phone's form
/// with no line of script. Each is its name (`log`'s option, what the form sends), its label
/// (with the unit of a number), its input (`number`, `choice`, `text`, `lines`, `clock`), a
/// number's step and bounds (`FieldBounds.number`), its hint, whether it is folded away or asked
/// for, and the choices of a choice (an enumeration's values unless the page gives others).
enum SaveFormFields {
    /// `choices`: the page's own choices by option name (the rating's stars, the taste tags with
    /// their hints, the open bags), each `[value, label]` or `[value, label, hint]`; a reference
    /// with none offered is left out. `values`: the values the form starts with (the dose and
    /// yield of the plan), by option name.
    static func json(choices: [String: [[String]]], values: [String: JSONValue]) -> JSONValue {
        .array(LogField.formFields.compactMap { field -> JSONValue? in
            guard let option = field.option, let form = option.form else { return nil }
            var members = [JSONMember("name", .string(option.name)), JSONMember("label", .string(form.shownLabel(for: field.value)))]
            var offered = choices[option.name]
            // A reference is chosen from the records offered: with none, there is nothing to choose.
            if case .reference = field.value, (offered ?? []).isEmpty { return nil }
            if offered == nil, case .enumeration(let allowed) = field.value { offered = allowed.map { [$0, $0] } }
            let input: String
            switch form.input {
            case .lines: input = "lines"
            case .clock: input = "clock"
            case .fromKind:
                if offered != nil {
                    input = "choice"
                } else {
                    switch field.value {
                    case .number, .wholeNumber: input = "number"
                    case .reference: return nil
                    default: input = "text"
                    }
                }
            }
            members.append(JSONMember("input", .string(input)))
            if input == "number" {
                if case .number(let unit) = field.value { members.append(JSONMember("unit", .string(unit))) }
                members.append(JSONMember("step", .string(form.step ?? "any")))
                members.append(JSONMember("min", .number(0)))
                members.append(JSONMember("max", .number(FieldBounds.number(field.name).maximum)))
            }
            if input == "choice" {
                members.append(JSONMember("noChoice", .string(form.noChoice ?? "")))
                members.append(JSONMember("choices", .array((offered ?? []).map { .array($0.map(JSONValue.string)) })))
            }
            if let hint = form.hint { members.append(JSONMember("hint", .string(hint))) }
            if let value = values[option.name] { members.append(JSONMember("value", value)) }
            if form.isRequired { members.append(JSONMember("required", .bool(true))) }
            if form.isFolded { members.append(JSONMember("folded", .bool(true))) }
            return .object(members)
        })
    }
}
