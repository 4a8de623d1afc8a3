/// The records of the kinds kept by kind rather than in a field of their own: each kind's records
/// on its shelf (`RecordShelf`), in the order they were read, each with its file and place.
///
/// A kind kept here is read, put together and checked with no line of its own outside its model
/// and its declaration: its decoder puts each record on its shelf of the file's store
/// (`ParsedFile.store`), `DatasetAssembler` joins the files' stores in the files' order, and
/// `DatasetValidator` checks every shelf (its ids as every id is checked, then the shelf's own
/// rules, which may read the rest of the data set: a log naming a bag that is not there).
///
/// Rules:
/// - A shelf is found by its kind's name; two shelves of one name are one shelf (the first
///   one's record type and checks are kept, and a shelf of another record type reads as empty).
/// - Joining stores keeps each shelf's records in order: this store's, then the other's.
/// - An empty shelf is not kept: a store reads the same whether a kind was never read or had no
///   records.
public struct RecordStore: Sendable {
    private var shelves: [String: any ShelfRecords] = [:]

    public init() {}

    /// The records on `shelf`, in the order they were read; empty when none were.
    public subscript<Record>(shelf: RecordShelf<Record>) -> [Located<Record>] {
        get { (shelves[shelf.kindName] as? Shelved<Record>)?.records ?? [] }
        set { shelves[shelf.kindName] = newValue.isEmpty ? nil : Shelved(shelf: shelf, records: newValue) }
    }

    /// Puts `record` on `shelf`, after those already there. The shelf is taken out of the store
    /// while it grows, so its records are not copied for each one added (a decoder adds a file's
    /// records one by one).
    public mutating func append<Record>(_ record: Located<Record>, to shelf: RecordShelf<Record>) {
        var shelved = shelves.removeValue(forKey: shelf.kindName) as? Shelved<Record> ?? Shelved(shelf: shelf, records: [])
        shelved.records.append(record)
        shelves[shelf.kindName] = shelved
    }

    /// Adds `other`'s records after this store's, shelf by shelf, in place.
    public mutating func append(contentsOf other: RecordStore) {
        for (name, records) in other.shelves {
            guard var mine = shelves.removeValue(forKey: name) else {
                shelves[name] = records
                continue
            }
            mine.append(contentsOf: records)
            shelves[name] = mine
        }
    }

    /// The stores joined in order, shelf by shelf (as `append(contentsOf:)` one after another), each
    /// shelf's records copied on all cores (`concurrentJoined`): the logs of a hundred files are
    /// most of a journal.
    public static func joined(_ stores: [RecordStore]) -> RecordStore {
        var byName: [String: [any ShelfRecords]] = [:]
        for store in stores {
            for (name, records) in store.shelves { byName[name, default: []].append(records) }
        }
        var joined = RecordStore()
        for (name, parts) in byName { joined.shelves[name] = parts.count == 1 ? parts[0] : parts[0].joined(with: parts) }
        return joined
    }

    /// The names of the kinds with records here, sorted.
    public var kindNames: [String] { shelves.keys.sorted() }

    /// The names of the kinds whose records differ from `earlier`'s: records added, gone, changed
    /// or in another order. Only the records are compared, not where they were read (a record
    /// moved down a file by one added above it is the same record); a kind with records in only
    /// one of the two has changed.
    ///
    /// - Parameter among: which kinds to compare (by name); the others are not looked at (the
    ///   logs, a hundred thousand records, when only the kinds of one group of pages matter).
    public func kindsChanged(since earlier: RecordStore, among: (String) -> Bool = { _ in true }) -> Set<String> {
        var changed: Set<String> = []
        for name in Set(shelves.keys).union(earlier.shelves.keys) where among(name) {
            switch (shelves[name], earlier.shelves[name]) {
            case let (now?, before?): if !now.sameRecords(as: before) { changed.insert(name) }
            default: changed.insert(name)
            }
        }
        return changed
    }

    /// How many records the shelf of the kind named `kindName` holds.
    public func count(ofKindNamed kindName: String) -> Int { shelves[kindName]?.count ?? 0 }

    /// Every shelf's findings in `dataset`: its ids' (safe file names, no repeats, through `ids`)
    /// and its own rules', shelf by shelf in name order.
    ///
    /// - Parameter kept: a shelf's rules' findings kept from an earlier validation, by kind name,
    ///   given in place of running its rules again (`watch` checks again only the logs of the
    ///   files it read again).
    func findings(in dataset: Dataset, kept: [String: [Diagnostic]] = [:],
                  ids: (_ ids: [String], _ label: String, _ namesFiles: Bool, _ source: (Int) -> SourceMap) throws(GaveWay) -> [Diagnostic]) throws(GaveWay) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for name in kindNames {
            guard let records = shelves[name] else { continue }
            findings += try ids(records.ids, records.idLabel, records.idsNameFiles, records.source(at:))
            findings += kept[name] ?? records.findings(in: dataset)
        }
        return findings
    }
}

/// A shelf of `RecordStore`: the kind whose records it holds, what its id findings call a record
/// of it, and the kind's own rules over all its records in a data set. Declared once, beside the
/// kind's model (`CoffeeBean.shelf`).
public struct RecordShelf<Record: Equatable & Sendable>: Sendable {
    /// The kind's name (`RecordKind`'s raw value), which finds the shelf in a store.
    public let kindName: String
    /// What an id finding calls a record of it (`bean id "x" is already used`).
    public let idLabel: String
    /// Whether a record's id may name a file (a page, an export's member, an erased record's entry):
    /// then it must be a safe file name, unique also on a disk that ignores case (errors); else an
    /// id used twice is a warning (both records are read; a merge keeps one).
    public let idsNameFiles: Bool
    /// The ids of a shelf's records, in order: made where the record type is known (the init,
    /// specialised at each shelf's declaration), so a hundred thousand logs are not copied one by
    /// one through the store's type-erased records to read their ids.
    let ids: @Sendable ([Located<Record>]) -> [String]
    let check: @Sendable (_ records: [Located<Record>], _ dataset: Dataset) -> [Diagnostic]

    /// - Parameters:
    ///   - id: the record's id, checked as every id is (a safe file name, unique also on a disk that ignores case).
    ///   - idsNameFiles: false for ids that never name a file, which are only checked to be unique.
    ///   - check: the kind's own rules over all its records, with the rest of the data set to look at.
    public init(kindName: String, idLabel: String, idsNameFiles: Bool = true, id: @escaping @Sendable (Record) -> String,
                check: @escaping @Sendable (_ records: [Located<Record>], _ dataset: Dataset) -> [Diagnostic]) {
        self.kindName = kindName
        self.idLabel = idLabel
        self.idsNameFiles = idsNameFiles
        self.ids = { records in records.map { id($0.value) } }
        self.check = check
    }

    /// A shelf whose rules are each record's own (`recordFindings`), none across records.
    public init(kindName: String, idLabel: String, idsNameFiles: Bool = true, id: @escaping @Sendable (Record) -> String,
                eachRecord recordFindings: @escaping @Sendable (Located<Record>) -> [Diagnostic]) {
        self.init(kindName: kindName, idLabel: idLabel, idsNameFiles: idsNameFiles, id: id) { records, _ in records.flatMap(recordFindings) }
    }
}

/// A shelf's records with their type forgotten, so one store holds every kind.
private protocol ShelfRecords: Sendable {
    var count: Int { get }
    var ids: [String] { get }
    var idLabel: String { get }
    var idsNameFiles: Bool { get }
    func source(at index: Int) -> SourceMap
    func findings(in dataset: Dataset) -> [Diagnostic]
    /// Adds `other`'s records after these when it is of the same type (else leaves these alone).
    mutating func append(contentsOf other: any ShelfRecords)
    /// Whether `other` holds records of the same type equal to these, in the same order.
    func sameRecords(as other: any ShelfRecords) -> Bool
    /// The records of `parts` (these among them) one after another, copied on all cores; a part
    /// of another type is left out.
    func joined(with parts: [any ShelfRecords]) -> any ShelfRecords
}

private struct Shelved<Record: Equatable & Sendable>: ShelfRecords {
    let shelf: RecordShelf<Record>
    var records: [Located<Record>]

    var count: Int { records.count }
    var ids: [String] { shelf.ids(records) }
    var idLabel: String { shelf.idLabel }
    var idsNameFiles: Bool { shelf.idsNameFiles }
    func source(at index: Int) -> SourceMap { records[index].source }
    func findings(in dataset: Dataset) -> [Diagnostic] { shelf.check(records, dataset) }
    mutating func append(contentsOf other: any ShelfRecords) {
        guard let other = other as? Shelved<Record> else { return }
        records += other.records
    }
    func sameRecords(as other: any ShelfRecords) -> Bool {
        guard let other = other as? Shelved<Record>, other.records.count == records.count else { return false }
        return zip(records, other.records).allSatisfy { $0.value == $1.value }
    }
    func joined(with parts: [any ShelfRecords]) -> any ShelfRecords {
        Shelved(shelf: shelf, records: concurrentJoined(parts.compactMap { ($0 as? Shelved<Record>)?.records }))
    }
}
