/// An id that a record of one kind names in another kind's records (a log's `recipeId`, a plan
/// slot's kitchen recipe, a session entry's drink preset), and what `check` says of one that no
/// record there has: the reference check, with the closest id there is as a did-you-mean.
///
/// Each kind's declaration lists the references it makes (`RecordKindDeclaration.references`,
/// in BrewData); the validator that reads the record checks each through `finding` (a log's in
/// the chunks that `watch` keeps per file), and `KindReferenceTests` fails when a declared
/// reference is not checked.
public struct IDReference: Sendable {
    /// How the closest id is offered.
    public enum Offer: Sendable {
        /// ` (did you mean "near"?)`, the id shown as messages show ids (escaped).
        case inParentheses
        /// `; did you mean "near"?`
        case afterSemicolon
    }

    /// The field that holds the id, as written in the record (a nested one with its path, `alcoholMeta.presetId`).
    public let field: String
    /// Whether an id that names nothing is an error or a warning.
    public let severity: Diagnostic.Severity
    public let offer: Offer
    /// What is said of `id`, before the did-you-mean; `detail` is what the record adds (a log's recipe name).
    let said: @Sendable (_ id: String, _ detail: String) -> String
    /// What is said instead of a did-you-mean when no id is close, from the ids there are, sorted.
    let whenNoneIsClose: (@Sendable (_ known: [String]) -> String)?

    public init(field: String, severity: Diagnostic.Severity, offer: Offer,
                whenNoneIsClose: (@Sendable (_ known: [String]) -> String)? = nil,
                said: @escaping @Sendable (_ id: String, _ detail: String) -> String) {
        self.field = field
        self.severity = severity
        self.offer = offer
        self.said = said
        self.whenNoneIsClose = whenNoneIsClose
    }

    /// The message for `id`, which none of `known` is: what is said, then the closest of `known` offered.
    public func message(naming id: String, detail: String = "", known: some Collection<String>) -> String {
        var message = said(id, detail)
        if let near = Suggestion.closest(to: id, in: known) {
            switch offer {
            case .inParentheses: message += " (did you mean \(quoted(near))?)"
            case .afterSemicolon: message += "; did you mean \"\(near)\"?"
            }
        } else if let whenNoneIsClose {
            message += whenNoneIsClose(known.sorted())
        }
        return message
    }

    /// The finding at `location` when `id` names nothing (`isKnown` says no), with the closest of `known`; nil when it names a record.
    public func finding<Known: Collection<String>>(naming id: String, detail: String = "", at location: SourceLocation,
                                                   isKnown: (String) -> Bool, known: @autoclosure () -> Known) -> Diagnostic? {
        guard !isKnown(id) else { return nil }
        return Diagnostic(severity, message(naming: id, detail: detail, known: known()), at: location)
    }
}
