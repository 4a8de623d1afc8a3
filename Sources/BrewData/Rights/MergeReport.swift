/// What a merge did, record by record, as typed entries: the command prints them, tests and
/// later steps of the merge pick them by kind and id (never by matching their text).
public struct MergeReport: Sendable {
    /// One record (or file) the merge names.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        public enum Subject: Sendable, Hashable {
            case record(RecordKind)
            /// A kitchen recipe's thumbnail file (`KitchenImage`), named by its path.
            case kitchenImage
        }

        public var subject: Subject
        /// The record's id (a thumbnail's path; empty for the one preferences record).
        public var id: String
        /// What happened, as it follows the id in the line: `": kept both; …"`, `" (as log-1-merged-…)"`.
        public var remark: String

        public init(_ subject: Subject, _ id: String, _ remark: String = "") {
            self.subject = subject
            self.id = id
            self.remark = remark
        }

        public init(_ kind: RecordKind, _ id: String, _ remark: String = "") {
            self.init(.record(kind), id, remark)
        }

        /// `recipe r1: kept the target's version (--on-conflict target)`, `plan slot a`, `preferences`.
        public var description: String {
            let label = switch subject {
            case .record(let kind): kind.mergeLabel
            case .kitchenImage: "kitchen image"
            }
            return (id.isEmpty ? label : "\(label) \(id)") + remark
        }
    }

    public var added: [Entry] = []
    public var identical: [Entry] = []
    public var conflicted: [Entry] = []
    /// Records of the target replaced by a combination with an incoming copy.
    public var updated: [Entry] = []
    public var skippedAsErased: [Entry] = []
    /// Records of the target removed because a source erased them.
    public var removedAsErased: [Entry] = []
    /// Incoming copies older than the target's own (planner records, marks, goals): the target's
    /// copy is the later write and stays, so nothing changes; printed as `older on a source:`.
    /// A record the merge replaces or adds is said there once, never here too.
    public var dropped: [Entry] = []
    /// Things a person should know that concern no one record's fate (a file no rule merges, a
    /// thumbnail that differs).
    public var notes: [String] = []

    public init() {}

    public var changesNothing: Bool { added.isEmpty && conflicted.isEmpty && updated.isEmpty && removedAsErased.isEmpty }
}

extension [MergeReport.Entry] {
    /// The entries as the command prints them.
    public var lines: [String] { map(\.description) }
}
