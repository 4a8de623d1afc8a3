import BrewKit

/// An id that a kind's records name in another kind (`RecordKindDeclaration.references`): the
/// field, the kind it names and the check (`IDReference`: the finding's severity and words, with
/// a did-you-mean), which the validator reading the record runs. `KindReferenceTests` is
/// generated from these: for each, a record naming a missing id gets the finding with the closest id.
///
/// A record's owner (a flow's log, an entry's session, a step's recipe) is not listed here: it is
/// the kind's identity (`RecordKind.Rules.identity.owner`), checked where the records are put together.
public struct KindReference: Sendable {
    /// The kind whose records the id names.
    public let target: RecordKind
    /// The check and its words.
    public let check: IDReference

    public init(_ check: IDReference, naming target: RecordKind) {
        self.target = target
        self.check = check
    }

    /// The field that holds the id, as written in the record.
    public var field: String { check.field }
    /// Whether an id that names nothing is an error or a warning.
    public var severity: Diagnostic.Severity { check.severity }
}
