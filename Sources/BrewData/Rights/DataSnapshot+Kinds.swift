import BrewKit

/// A snapshot by kind: the records of each `RecordKind` it holds, as JSON, as the kind's
/// declaration finds them (`RecordKindDeclaration.records(in:)`); the per-kind rights test
/// (`EveryKindIsCarriedTests`, over `RecordKinds.all`) then checks that export, import, merge and erase carry it.
extension DataSnapshot {
    /// The records of `kind`, as JSON; a record that belongs to another carries its owner's id
    /// (`recipeId`, `sessionId`), as its kind's CSV rows do.
    public func records(_ kind: RecordKind) -> [JSONValue] {
        RecordKinds.declaration(of: kind).records(in: self)
    }

    /// How many records of `kind` the snapshot holds: `records(kind).count`, without encoding
    /// the kinds kept as records (the archive's manifest counts them on every export).
    public func count(_ kind: RecordKind) -> Int {
        RecordKinds.declaration(of: kind).count(in: self)
    }

    /// The records nested in `owners`, each with its owner's id in `field`.
    static func owned<Owner>(_ owners: [Owner], id: (Owner) -> String, field: String, nested: (Owner) -> [JSONValue]) -> [JSONValue] {
        owners.flatMap { owner in nested(owner).map { $0.setting(field, to: .string(id(owner))) } }
    }

    /// The elements of a JSON array; none for anything else.
    static func elements(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let list)? = value { return list }
        return []
    }

    /// The ids of the records of `kind` (by `identity.idField`), in the snapshot's order;
    /// `["preferences"]` for the one preferences record.
    public func ids(_ kind: RecordKind) -> [String] {
        guard let field = kind.rules.identity.idField else { return records(kind).isEmpty ? [] : [kind.rawValue] }
        return records(kind).compactMap { $0.text(field) }
    }
}
