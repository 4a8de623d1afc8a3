import Foundation

/// Something shared on the go, waiting in `kitchen/inbox.json` to be clipped (MOD/DATA/005
/// PendingImport, MOD/SYS/003.1): a URL or a caption, with what became of it.
public struct KitchenInboxEntry: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case url, text }
    public enum Status: String, Hashable, Sendable, CaseIterable { case pending, ready, failed }

    public var id: String
    public var type: Kind
    public var content: String
    public var createdAt: Date?
    public var sourceApp: String?
    public var status: Status
    /// Why clipping failed, for a failed entry.
    public var error: String?
    /// The kitchen recipe it became, for a ready entry.
    public var recipeId: String?
    /// MOD/DATA/005's extracted title, preview image URL and caption, when the share gave them:
    /// a shell kept for a page that could not be fetched takes its title from here.
    public var title: String?
    public var thumbnail: String?
    public var caption: String?

    public init(id: String, type: Kind, content: String, createdAt: Date? = nil, sourceApp: String? = nil,
                status: Status = .pending, error: String? = nil, recipeId: String? = nil,
                title: String? = nil, thumbnail: String? = nil, caption: String? = nil) {
        self.title = title
        self.thumbnail = thumbnail
        self.caption = caption
        self.id = id
        self.type = type
        self.content = content
        self.createdAt = createdAt
        self.sourceApp = sourceApp
        self.status = status
        self.error = error
        self.recipeId = recipeId
    }
}

extension KitchenInboxEntry {
    /// The inbox's shelf of the data set's store (`RecordStore`): read into it by `KitchenInboxKind`
    /// through the directory's one reader. Its ids name no file (the inbox is one file, its entries
    /// clipped into recipes of their own ids), so they are only checked to be unique, and a repeat is
    /// a warning, not an error that would hold back the site (the inbox is written by a share
    /// sheet): a merge keeps one entry of an id and `kitchen clip` records an outcome by it. No
    /// rules across entries.
    public static let shelf = RecordShelf<KitchenInboxEntry>(kindName: "kitchenInbox", idLabel: "inbox entry", idsNameFiles: false, id: { $0.id },
                                                              eachRecord: { _ in [] })
}

extension Dataset {
    /// `kitchen/inbox.json`: shared links and captions waiting to be clipped, in file order (`KitchenInboxEntry.shelf`).
    public var kitchenInbox: [Located<KitchenInboxEntry>] {
        get { store[KitchenInboxEntry.shelf] }
        set { store[KitchenInboxEntry.shelf] = newValue }
    }
}
